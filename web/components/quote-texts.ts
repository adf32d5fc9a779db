import { createContext, useContext } from 'react';
import type { QuotePageTexts } from '#domain/buyer-texts';
import { PUBLIC_QUOTE_TEXT } from '#domain/quote-texts';

/**
 * The quote page's words in the buyer's language (ADR 0036), given by the quote's view to what it
 * draws: the document, the banners, the answer dialogs. Elsewhere (the builder's read-only quote)
 * they are English.
 */
export const QuoteTextsContext = createContext<QuotePageTexts>(PUBLIC_QUOTE_TEXT);

export const useQuoteTexts = () => useContext(QuoteTextsContext);
