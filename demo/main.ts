/**
 * The demo page's script: registers the widget's elements the way the script-tag build does
 * (the form's at once, the result views and the 3-D Secure dialog when first needed) and the QA
 * panel, then hands the page's `<pay-checkout>` to the panel with the settings of the page's URL.
 */
import '../src/widget/script-tag.js';
import './qa-panel.js';
import { settingsFromUrl } from './demo-settings.js';

/** Where `npm start` mounts the relay (vite.config.ts). */
const RELAY_PATH = '/checkout';

const slot = document.querySelector<HTMLElement>('#checkout-slot');
const panel = document.querySelector('demo-qa-panel');
if (!slot || !panel) throw new Error('demo page: #checkout-slot or <demo-qa-panel> is missing from index.html');
panel.attach(slot, RELAY_PATH, settingsFromUrl(new URL(location.href)));
