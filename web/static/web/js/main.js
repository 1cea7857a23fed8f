// Companion phone UI: ES modules, no build step. The template's import map names each module's
// hashed URL; this entry point starts the header and the page's own module.
import { initChrome } from "./chrome.js";
import { toast } from "./dom.js";
import { errorText } from "./errors.js";
import { route } from "./router.js";

initChrome();
route(document.body.dataset.page).catch((e) => { console.error(e); toast(errorText(e)); });
