import { SOURCE_LOCALE } from '#domain/i18n';
import { html } from './html';
import { layout, type PageChrome, pageChrome, type ShopChrome, shopHref } from './layout';

/** The shop's own answer for a page that is not there, or a request it cannot serve. */
function renderMessagePage(
  chrome: PageChrome,
  page: { title: string; text: string; detail?: string },
): string {
  const main = html`<div class="wrap message-page">
<h1>${page.title}</h1>
<p>${page.text}</p>
${page.detail ? html`<p class="detail">${page.detail}</p>` : ''}
<p><a class="button-primary" href="${shopHref(chrome, '/shop')}">${chrome.text.backToShop}</a></p>
</div>`;
  return layout(chrome, { title: page.title, noindex: true }, main);
}

export function renderNotFound(site: ShopChrome): string {
  const chrome = pageChrome(site);
  return renderMessagePage(chrome, { title: chrome.text.notFoundTitle, text: chrome.text.notFoundText });
}

/** The page for an error answer of the shop's routes: its status decides the words. */
export function renderErrorPage(site: ShopChrome, status: number, message: string): string {
  const chrome = pageChrome(site);
  const { text } = chrome;
  if (status === 404) return renderNotFound(chrome);
  if (status >= 400 && status < 500)
    // The API's messages are English: another language says it in its own words.
    return renderMessagePage(chrome, {
      title: text.badRequestTitle,
      text: chrome.locale === SOURCE_LOCALE ? message : text.badRequestText,
    });
  if (status === 503)
    return renderMessagePage(chrome, { title: text.unavailableTitle, text: text.unavailableText });
  return renderMessagePage(chrome, { title: text.errorTitle, text: text.errorText });
}
