import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companyDetailSchema,
  companyListQuery,
  companyListResponse,
  customerDetailSchema,
  customerListQuery,
  customerListResponse,
  mergeCompanyBody,
  mergeCustomerBody,
  patchCompanyBody,
  patchCustomerBody,
} from '#domain/customers';
import { staffNoteSchema } from '#domain/notes';
import { idParam } from '#domain/paging';
import type { Authenticate } from '../../auth/hooks';
import { sendCsv } from '../../http/csv';
import { addNoteHandler, noteRouteOptions } from '../../http/note-route';
import { bearer, errors } from '../../http/schemas';
import { COMPANY_CSV_COLUMNS, type CompaniesService } from './companies.service';
import { CUSTOMER_CSV_COLUMNS, type CustomersService } from './customers.service';

export type CustomersRoutesDeps = {
  customers: CustomersService;
  companies: CompaniesService;
  authenticate: Authenticate;
};

/** Customers and companies, for staff: one plugin, so each route's options stay in one place. */
export const customersRoutes =
  (deps: CustomersRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(async (scope) => {
      const staff = scope.withTypeProvider<ZodTypeProvider>();
      staff.addHook('onRequest', deps.authenticate);
      const tags = ['customers'];
      staff.get(
        '/api/customers',
        {
          config: { permission: 'customer.read' },
          schema: {
            tags,
            security: bearer,
            description:
              'Customers not merged into another, by last request (newest first) by default. q finds part of the name, e-mail, phone or company name; company_id keeps one company’s people; sortBy last_request_at, request_count, accepted_value or name, in sortOrder (asc or desc).',
            querystring: customerListQuery,
            response: { 200: customerListResponse, ...errors(400, 401) },
          },
        },
        async (request) => deps.customers.list(request.query),
      );
      staff.get(
        '/api/customers/export.csv',
        {
          config: { permission: ['export.run', 'customer.read'] },
          schema: {
            tags,
            security: bearer,
            description: `The list's matches as CSV (same search, filter and order; no paging), streamed: ${CUSTOMER_CSV_COLUMNS.join(', ')}. Cells a spreadsheet would read as a formula start with an apostrophe.`,
            querystring: customerListQuery,
            response: { 200: z.string().describe('text/csv'), ...errors(400, 401) },
          },
        },
        async (request, reply) =>
          sendCsv(request, reply, {
            stem: 'customers',
            columns: CUSTOMER_CSV_COLUMNS,
            batches: deps.customers.exportBatches(request.query),
          }),
      );
      staff.get(
        '/api/customers/:id',
        {
          config: { permission: 'customer.read' },
          schema: {
            tags,
            security: bearer,
            description:
              'The customer with its requests, quotes (every version) and orders (newest first) and its notes. A merged customer answers too, with merged_into_id naming the one it became.',
            params: idParam,
            response: { 200: customerDetailSchema, ...errors(400, 401, 404) },
          },
        },
        async (request) => deps.customers.get(request.params.id),
      );
      staff.patch(
        '/api/customers/:id',
        {
          config: { permission: 'customer.edit' },
          schema: {
            tags,
            security: bearer,
            description:
              'Changes any of name, email, phone, company_id (null: none) and sees_company (whether the buyer sees the whole company’s requests, quotes and orders in the portal). Another customer’s e-mail is 409, an unknown company 404. Recorded in the history.',
            params: idParam,
            body: patchCustomerBody,
            response: { 200: customerDetailSchema, ...errors(400, 401, 404, 409) },
          },
        },
        async (request) => deps.customers.patch(request.params.id, request.body),
      );
      staff.post(
        '/api/customers/:id/merge',
        {
          config: { permission: 'customer.edit' },
          schema: {
            tags,
            security: bearer,
            description:
              'Makes this customer one with into_id: its requests (with their quotes), orders, notes and the buyer portal’s sign-in links and sessions move there, the price lists it holds are assigned to the survivor as well, the survivor’s blank phone and company are filled from it (and its “sees the company’s” when the survivor ends in that same company), and it is marked merged (its e-mail leads to the survivor from now on). Answers the survivor. Merging into itself is 400, an unknown customer 404, one merged already (either side) 409. Recorded in the history as a merge; restoring that entry (POST /api/history/{id}/restore) undoes it, and ends the portal sessions the survivor started since.',
            params: idParam,
            body: mergeCustomerBody,
            response: { 200: customerDetailSchema, ...errors(400, 401, 404, 409) },
          },
        },
        async (request) => deps.customers.merge(request.params.id, request.body.into_id),
      );
      staff.post(
        '/api/customers/:id/notes',
        noteRouteOptions(tags, 'customer.edit', staffNoteSchema),
        addNoteHandler((id, body, author) => deps.customers.addNote(id, body, author)),
      );

      const companyTags = ['companies'];
      staff.get(
        '/api/companies',
        {
          config: { permission: 'customer.read' },
          schema: {
            tags: companyTags,
            security: bearer,
            description:
              'Companies by name by default, each with its people’s figures added up. q finds part of the name; sortBy name, accepted_value, customer_count, request_count or last_request_at, in sortOrder.',
            querystring: companyListQuery,
            response: { 200: companyListResponse, ...errors(400, 401) },
          },
        },
        async (request) => deps.companies.list(request.query),
      );
      staff.get(
        '/api/companies/export.csv',
        {
          config: { permission: ['export.run', 'customer.read'] },
          schema: {
            tags: companyTags,
            security: bearer,
            description: `The list's matches as CSV (same search and order; no paging), streamed: ${COMPANY_CSV_COLUMNS.join(', ')}.`,
            querystring: companyListQuery,
            response: { 200: z.string().describe('text/csv'), ...errors(400, 401) },
          },
        },
        async (request, reply) =>
          sendCsv(request, reply, {
            stem: 'companies',
            columns: COMPANY_CSV_COLUMNS,
            batches: deps.companies.exportBatches(request.query),
          }),
      );
      staff.get(
        '/api/companies/:id',
        {
          config: { permission: 'customer.read' },
          schema: {
            tags: companyTags,
            security: bearer,
            description:
              'The company with its people (customers not merged), their requests and orders (newest first), its figures and notes.',
            params: idParam,
            response: { 200: companyDetailSchema, ...errors(400, 401, 404) },
          },
        },
        async (request) => deps.companies.get(request.params.id),
      );
      staff.patch(
        '/api/companies/:id',
        {
          config: { permission: 'customer.edit' },
          schema: {
            tags: companyTags,
            security: bearer,
            description:
              'Changes any of name, phone, website and address (blank clears an optional one). Another company’s name (trimmed, case-insensitive) is 409. Recorded in the history.',
            params: idParam,
            body: patchCompanyBody,
            response: { 200: companyDetailSchema, ...errors(400, 401, 404, 409) },
          },
        },
        async (request) => deps.companies.patch(request.params.id, request.body),
      );
      staff.post(
        '/api/companies/:id/merge',
        {
          config: { permission: 'customer.edit' },
          schema: {
            tags: companyTags,
            security: bearer,
            description:
              'Makes this company one with into_id: its people (with their requests, quotes and orders), its notes and its price lists move there, the survivor’s blank phone, website and address are filled from it, and it is deleted. Answers the survivor. Merging into itself is 400, an unknown company (either side) 404. Recorded in the history as a merge (company.deleted and company.updated to webhooks); it is not undone from the history.',
            params: idParam,
            body: mergeCompanyBody,
            response: { 200: companyDetailSchema, ...errors(400, 401, 404) },
          },
        },
        async (request) => deps.companies.merge(request.params.id, request.body.into_id),
      );
      staff.delete(
        '/api/companies/:id',
        {
          config: { permission: 'customer.edit' },
          schema: {
            tags: companyTags,
            security: bearer,
            description:
              'Deletes the company. Its people stay, without a company (their requests, quotes and orders with them; orders keep the company name they were made with); its notes go with it. Recorded in the history (company.deleted to webhooks). An unknown company is 404.',
            params: idParam,
            response: { 204: z.null().describe('Deleted'), ...errors(400, 401, 404) },
          },
        },
        async (request, reply) => {
          await deps.companies.delete(request.params.id);
          return reply.code(204).send(null);
        },
      );
      staff.post(
        '/api/companies/:id/notes',
        noteRouteOptions(companyTags, 'customer.edit', staffNoteSchema),
        addNoteHandler((id, body, author) => deps.companies.addNote(id, body, author)),
      );
    });
  };
