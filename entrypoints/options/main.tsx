import { render } from "preact";
import { OptionsApp } from "../../src/extension/ui/options-app.tsx";
import "../../src/extension/ui/ui.css";

render(<OptionsApp />, document.getElementById("app")!);
