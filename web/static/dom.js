// Small helpers on the page's elements: lookup, escaping, the error line.

export const $ = (id) => document.getElementById(id);

export function escapeHTML(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

export function showError(e) {
  $("error").textContent = e && e.message ? e.message : String(e);
}

export function clearError() {
  $("error").textContent = "";
}
