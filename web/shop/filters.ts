/**
 * The catalogue's filters panel (server/modules/shop/render/list.ts). Without the script, the
 * stylesheet shows it as a sidebar on wide screens and folds it behind its summary on narrow ones,
 * and the brand applies with its button.
 */

/** Where the panel is a sidebar: the catalogue's one-column layout starts below it (shop.css). */
const WIDE = '(min-width: 801px)';

/**
 * Open on wide screens, folded again when the screen turns narrow: the stylesheet alone shows the
 * sidebar where the browser can style a closed <details> open (::details-content), this does it
 * everywhere else.
 */
export function initFiltersFold(details: HTMLDetailsElement) {
  const wide = window.matchMedia(WIDE);
  if (wide.matches) details.open = true;
  wide.addEventListener('change', () => {
    details.open = wide.matches;
  });
}

/**
 * A brand chosen applies at once, and the Apply button goes. A choice made by a key on the closed
 * select (an arrow or a letter changes it in place on some systems) waits for Enter or the button,
 * shown again, so that stepping through the brands by keyboard does not load a page per brand.
 */
export function initBrandFilter(form: HTMLFormElement) {
  const select = form.querySelector('select');
  const apply = form.querySelector<HTMLButtonElement>('[data-apply]');
  if (!select || !apply) return;
  apply.hidden = true;
  let keyed = false;
  select.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !apply.hidden) {
      event.preventDefault();
      form.requestSubmit();
      return;
    }
    // A change made by this key fires before the next task; one made in the opened list, later.
    keyed = true;
    setTimeout(() => {
      keyed = false;
    });
  });
  // "All brands" leaves the brand out of the address rather than sending it empty.
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (value !== '') params.append(name, String(value));
    const query = params.toString();
    window.location.assign(query ? `${form.action}?${query}` : form.action);
  });
  select.addEventListener('change', () => {
    if (keyed) apply.hidden = false;
    else form.requestSubmit();
  });
  // Back to this page from the browser's cache: the select shows this page's brand again.
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    form.reset();
    apply.hidden = true;
  });
}
