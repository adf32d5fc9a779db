import type { CompanyDetails } from '../../config';

/**
 * The company's name and contact details, closing an e-mail to a customer (a quote sent or
 * answered, an order confirmed or shipped): one block, so every message signs off alike.
 */
export function customerSignature(companyName: string, company: CompanyDetails, shopUrl?: string): string[] {
  return [
    companyName,
    ...(company.address ? [company.address] : []),
    ...[company.email, company.phone].filter((v): v is string => !!v),
    ...(shopUrl ? [shopUrl] : []),
  ];
}

/**
 * The seller's details as a PDF's heading draws them (the quote's and the order's), and the
 * seller's TIMEZONE, whose calendar days the PDF's dates are.
 */
export function pdfSellerOf(company: CompanyDetails, timeZone: string) {
  return {
    address: company.address,
    email: company.email,
    phone: company.phone,
    logo: company.logo?.bytes,
    timeZone,
  };
}
