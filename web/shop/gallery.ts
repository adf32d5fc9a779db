/** The product page's thumbnails show their image in the large frame (without script, they link to it). */
export function initGallery(root: HTMLElement) {
  const main = root.querySelector<HTMLImageElement>('[data-gallery-main]');
  const thumbs = [...root.querySelectorAll<HTMLAnchorElement>('[data-gallery-thumb]')];
  if (!main) return;
  for (const thumb of thumbs) {
    thumb.addEventListener('click', (event) => {
      event.preventDefault();
      main.src = thumb.href;
      main.alt = thumb.dataset.alt ?? '';
      for (const other of thumbs) other.removeAttribute('aria-current');
      thumb.setAttribute('aria-current', 'true');
    });
  }
}
