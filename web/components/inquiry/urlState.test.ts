import { describe, expect, it } from 'vitest';
import { changeInquiryUrl, INQUIRY_URL_DEFAULTS, readInquiryUrl, writeInquiryUrl } from './urlState';

describe('the inbox in the URL', () => {
  it('reads an empty query as the defaults, and writes the defaults as an empty query', () => {
    expect(readInquiryUrl(new URLSearchParams())).toEqual(INQUIRY_URL_DEFAULTS);
    expect(writeInquiryUrl(INQUIRY_URL_DEFAULTS).toString()).toBe('');
  });

  it('round-trips every control, filter and the selection', () => {
    const state = {
      q: 'lamp',
      page: 3,
      limit: 25,
      sortBy: 'email',
      order: 'asc',
      status: 'quoted',
      owner: 'me',
      from: '2026-11-01',
      to: '2026-11-30',
      approval: 'pending',
      selected: 42,
    } as const;
    const query = writeInquiryUrl(state);
    expect(query.toString()).toBe(
      'q=lamp&status=quoted&owner=me&from=2026-11-01&to=2026-11-30&approval=pending&sortBy=email&order=asc&perPage=25&page=3&selected=42',
    );
    expect(readInquiryUrl(query)).toEqual(state);
  });

  it('drops what is malformed or unknown instead of sending the server a request it refuses', () => {
    const state = readInquiryUrl(
      new URLSearchParams(
        'status=lost&owner=someone&from=2026-13-45&to=yesterday&perPage=7&page=0&sortBy=phone&order=up&selected=-3',
      ),
    );
    expect(state).toEqual(INQUIRY_URL_DEFAULTS);
    expect(readInquiryUrl(new URLSearchParams('owner=12&status=new')).owner).toBe('12');
    expect(readInquiryUrl(new URLSearchParams('owner=nobody')).owner).toBe('nobody');
  });

  it('goes back to page 1 when a filter changes, but not for the page or the selection', () => {
    const on3 = { ...INQUIRY_URL_DEFAULTS, page: 3 };
    expect(changeInquiryUrl(on3, { status: 'new' }).page).toBe(1);
    expect(changeInquiryUrl(on3, { from: '2026-11-01' }).page).toBe(1);
    expect(changeInquiryUrl(on3, { selected: 5 })).toEqual({ ...on3, selected: 5 });
    expect(changeInquiryUrl(on3, { page: 4 }).page).toBe(4);
  });
});
