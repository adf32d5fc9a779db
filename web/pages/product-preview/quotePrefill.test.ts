import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '#domain/constants';
import { createInquiryBody, INQUIRY_LIMITS } from '#domain/inquiries';
import { SKU_MAX_LENGTH } from '#domain/products';
import { quotePrefill } from './QuoteRequestModal';

describe('quotePrefill', () => {
  it('names the product and its SKU in the subject and the message', () => {
    const prefill = quotePrefill({ name: 'Cordless Drill', sku: 'CD-18' });
    expect(prefill.subject).toBe('Quote request: Cordless Drill (SKU: CD-18)');
    expect(prefill.message).toContain('a quote for Cordless Drill (SKU: CD-18).');
  });

  it('keeps the subject within its limit for the longest name and SKU, so the form can be sent', () => {
    const prefill = quotePrefill({ name: 'N'.repeat(TEXT_LIMITS.name), sku: 'S'.repeat(SKU_MAX_LENGTH) });
    expect(prefill.subject).toHaveLength(INQUIRY_LIMITS.subject);
    expect(prefill.subject.endsWith('…')).toBe(true);
    const sent = createInquiryBody.safeParse({ name: 'V', email: 'v@example.com', ...prefill });
    expect(sent.success, JSON.stringify(sent.error?.issues)).toBe(true);
  });
});
