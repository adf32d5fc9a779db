/** What other modules may use of customers: a customer's and a company's detail, as the API answers them. */
export { readDetail as readCompanyDetail } from './companies.service';
export { readDetail as readCustomerDetail } from './customers.service';
