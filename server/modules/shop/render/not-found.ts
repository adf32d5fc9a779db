import { SHOP_TEXT } from '#domain/shop-texts';
import { html } from './html';
import { layout, type ShopChrome } from './layout';

/** The shop's own answer for a page that is not there, or a request it cannot serve. */
function renderMessagePage(
  chrome: ShopChrome,
  page: { title: string; text: string; detail?: string },
): string {
  const main = html`<div class="wrap message-page">
<h1>${page.title}</h1>
<p>${page.text}</p>
${page.detail ? html`<p class="detail">${page.detail}</p>` : ''}
<p><a class="button-primary" href="/shop">${SHOP_TEXT.backToShop}</a></p>
</div>`;
  return layout(chrome, { title: page.title, noindex: true }, main);
}

export const renderNotFound = (chrome: ShopChrome) =>
  renderMessagePage(chrome, { title: SHOP_TEXT.notFoundTitle, text: SHOP_TEXT.notFoundText });

/** The page for an error answer of the shop's routes: its status decides the words. */
export function renderErrorPage(chrome: ShopChrome, status: number, message: string): string {
  if (status === 404) return renderNotFound(chrome);
  if (status >= 400 && status < 500)
    return renderMessagePage(chrome, { title: SHOP_TEXT.badRequestTitle, text: message });
  if (status === 503)
    return renderMessagePage(chrome, { title: SHOP_TEXT.unavailableTitle, text: SHOP_TEXT.unavailableText });
  return renderMessagePage(chrome, { title: SHOP_TEXT.errorTitle, text: SHOP_TEXT.errorText });
}
