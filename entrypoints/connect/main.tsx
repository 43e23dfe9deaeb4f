import { render } from "preact";
import { ConnectApp } from "../../src/extension/ui/connect-app.tsx";
import "../../src/extension/ui/ui.css";

render(<ConnectApp />, document.getElementById("app")!);
