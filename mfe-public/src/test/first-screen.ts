/** Puts the boot page's live first screen on the page (#cc-first-screen, data-live="server"), holding `html`. */
export function liveFirstScreen(html = ''): HTMLElement {
  const first = document.createElement('div');
  first.id = 'cc-first-screen';
  first.setAttribute('data-live', 'server');
  first.innerHTML = html;
  document.body.appendChild(first);
  return first;
}

/** Takes the first screen off the page again (after each test). */
export function removeFirstScreen(): void {
  document.getElementById('cc-first-screen')?.remove();
}
