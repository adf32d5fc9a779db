/** What other modules may use of inquiries: the one read of a request as the API answers it. */
export { type Row as InquiryRow, selectInquiries, toInquiry } from './inquiry-read';
