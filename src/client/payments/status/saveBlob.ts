/** Saves `blob` as a file called `fileName` (an object URL behind a `download` link). */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke later: some browsers read the URL after the click returns.
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
