import { specValue } from '#domain/product-content';
import { valueTarget } from '#domain/variant-choice';
import { describeOptions } from '#domain/variants';
import type { ShopVariant, ShopVariants } from '../shop-variants';
import { html, jsonScript, type SafeHtml, withQuery } from './html';
import { type PriceContext, priceBlock, type ShownPrice, tierList } from './price';

/** The page's choice: the product's options and active variants, and the one shown. */
export type VariantChoice = ShopVariants & { chosen: ShopVariant | null };

/** A variant's address: the product's page with `?variant=`. */
const variantPath = (path: string, variant: { id: number }) => withQuery(path, { variant: variant.id });

/** "Size: M, Finish: Zinc": what the basket keeps and shows of the variant. */
export const variantLabel = (options: ShopVariants['options'], variant: ShopVariant) =>
  describeOptions(options.map((o, i) => ({ name: o.name, value: variant.values[i] })));

export const variantPrice = (variant: ShopVariant): ShownPrice => ({
  price: variant.price,
  best: variant.best,
});

/**
 * One option's values as a radio group of links: each leads to the variant it would choose
 * (`?variant=`), so the page works without its script, which then keeps the same markup in step
 * (web/shop/variant-picker.ts). A value no active variant has is shown, not a link.
 */
function optionGroup(
  ctx: PriceContext,
  path: string,
  choice: VariantChoice & { chosen: ShopVariant },
  index: number,
): SafeHtml {
  const option = choice.options[index];
  const labelId = `option-${index}-label`;
  return html`<div class="variant-option">
<p class="variant-option-label" id="${labelId}">${option.name}: <strong data-option-chosen>${choice.chosen.values[index]}</strong></p>
<div class="variant-values" role="radiogroup" aria-labelledby="${labelId}" data-option-index="${index}">${option.values.map(
    (value) => {
      const { state, target } = valueTarget(choice.variants, choice.chosen, index, value);
      const note =
        state === 'other' ? ctx.text.valueWithOthers : state === 'none' ? ctx.text.valueUnavailable : '';
      return html`<a class="variant-value" role="radio" data-value="${value}" data-state="${state}" aria-checked="${state === 'chosen' ? 'true' : 'false'}"${
        target ? html` href="${variantPath(path, target)}"` : html` aria-disabled="true"`
      } tabindex="${state === 'chosen' ? '0' : '-1'}">${value}<span class="visually-hidden" data-value-note>${note ? `, ${note}` : ''}</span></a>`;
    },
  )}</div>
</div>`;
}

/** What the script needs to show another variant without asking the server. */
function pickerData(path: string, ctx: PriceContext, choice: VariantChoice) {
  return {
    path,
    currency: ctx.currency,
    variants: choice.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      values: v.values,
      price: v.price.final,
      priceHtml: priceBlock(ctx, variantPrice(v), 'price price-large').text,
      tiersHtml: tierList(ctx, v.tiers).toString(),
      label: variantLabel(choice.options, v),
      image: v.image,
      specs: v.specs.map((s) => ({ label: s.label, value: specValue(s) })),
    })),
  };
}

/** The selectors of a product with options, with their data for the script; nothing without options. */
export function variantPicker(path: string, ctx: PriceContext, choice: VariantChoice): SafeHtml | '' {
  if (choice.options.length === 0) return '';
  const { chosen } = choice;
  if (!chosen) return html`<p class="variant-none">${ctx.text.noVariantAvailable}</p>`;
  return html`<div class="variant-picker" data-variant-picker>
${choice.options.map((_, i) => optionGroup(ctx, path, { ...choice, chosen }, i))}
<script type="application/json" data-variant-data>${jsonScript(pickerData(path, ctx, choice))}</script>
</div>`;
}
