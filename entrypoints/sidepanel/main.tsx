import { render } from "preact";
import { SidePanelApp } from "../../src/extension/ui/sidepanel/sidepanel-app.tsx";
import "../../src/extension/ui/sidepanel/sidepanel.css";

render(<SidePanelApp />, document.getElementById("app")!);
