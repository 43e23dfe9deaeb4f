import { render } from "preact";
import { PopupApp } from "../../src/extension/ui/popup-app.tsx";
import "../../src/extension/ui/ui.css";

render(<PopupApp />, document.getElementById("app")!);
