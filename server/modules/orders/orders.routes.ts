import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffNoteSchema } from '#domain/notes';
import {
  orderDetailSchema,
  orderListQuery,
  orderListResponse,
  orderSettingsBody,
  orderSettingsSchema,
  patchOrderBody,
  stepBackOrderBody,
} from '#domain/orders';
import { idParam } from '#domain/paging';
import { type Authenticate, currentUser } from '../../auth/hooks';
import { sendCsv } from '../../http/csv';
import { addNoteHandler, noteRouteOptions } from '../../http/note-route';
import { bearer, errors } from '../../http/schemas';
import { CSV_COLUMNS, type OrdersService } from './orders.service';

export type OrdersRoutesDeps = { orders: OrdersService; authenticate: Authenticate };

/** Every orders route, for staff: one plugin, so each route's options stay in one place. */
export const ordersRoutes =
  (deps: OrdersRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['orders'];
    await app.register(async (scope) => {
      const staff = scope.withTypeProvider<ZodTypeProvider>();
      staff.addHook('onRequest', deps.authenticate);
      staff.get(
        '/api/orders',
        {
          config: { permission: 'order.read' },
          schema: {
            tags,
            security: bearer,
            description:
              "Orders, newest first by default. q finds an order by its number (SO-000123), its request reference (Q-000041), or part of the company, e-mail, PO number or customer name; status, owner (me, nobody or a user id) and from/to (days ordered, both included, as calendar days in the seller's TIMEZONE) filter.",
            querystring: orderListQuery,
            response: { 200: orderListResponse, ...errors(400, 401) },
          },
        },
        async (request) => deps.orders.list(request.query, currentUser(request).id),
      );
      staff.get(
        '/api/orders/export.csv',
        {
          config: { permission: 'export.run' },
          schema: {
            tags,
            security: bearer,
            description: `The list's matches as CSV (same search, filters and order; no paging), streamed: ${CSV_COLUMNS.join(', ')}. Cells a spreadsheet would read as a formula start with an apostrophe.`,
            querystring: orderListQuery,
            response: { 200: z.string().describe('text/csv'), ...errors(400, 401) },
          },
        },
        async (request, reply) =>
          sendCsv(request, reply, {
            stem: 'orders',
            columns: CSV_COLUMNS,
            batches: deps.orders.exportBatches(request.query, currentUser(request).id),
          }),
      );
      staff.get(
        '/api/orders/settings',
        {
          config: { permission: 'order.read' },
          schema: {
            tags,
            security: bearer,
            description:
              "The acceptance form's settings: which of its order fields (po_number, billing_address, shipping_address) the customer must fill.",
            response: { 200: orderSettingsSchema, ...errors(401) },
          },
        },
        async () => ({ required_fields: await deps.orders.requiredFields() }),
      );
      staff.put(
        '/api/orders/settings',
        {
          config: { permission: 'settings.manage' },
          schema: {
            tags,
            security: bearer,
            description:
              "Chooses which of the acceptance form's order fields the customer must fill (any of po_number, billing_address, shipping_address; [] for none). From then on an acceptance missing one is 400.",
            body: orderSettingsBody,
            response: { 200: orderSettingsSchema, ...errors(400, 401) },
          },
        },
        async (request) => deps.orders.setRequiredFields(request.body.required_fields),
      );
      staff.get(
        '/api/orders/:id',
        {
          config: { permission: 'order.read' },
          schema: {
            tags,
            security: bearer,
            description:
              'The order with its lines, notes (newest first) and history (oldest first). Each event and note names its person (`actor`, `author`), or, when an API token made it, `token` (its id, name and the user who made it); neither for the customer.',
            params: idParam,
            response: { 200: orderDetailSchema, ...errors(400, 401, 404) },
          },
        },
        async (request) => deps.orders.get(request.params.id),
      );
      staff.patch(
        '/api/orders/:id',
        {
          config: { permission: 'order.work' },
          schema: {
            tags,
            security: bearer,
            description:
              'Moves the order: confirmed → in_progress → shipped → completed (forward only, steps may be skipped), or to cancelled with a cancel_reason. An unknown status is 400, a move not allowed from the current status 409. Each move is recorded in its history; shipped e-mails the customer (the staff screen asks before such a move). Going back is POST /api/orders/{id}/step-back.',
            params: idParam,
            body: patchOrderBody,
            response: { 200: orderDetailSchema, ...errors(400, 401, 404, 409) },
          },
        },
        async (request) => deps.orders.patch(request.params.id, request.body, currentUser(request).id),
      );
      staff.post(
        '/api/orders/:id/step-back',
        {
          config: { permission: 'order.manage' },
          schema: {
            tags,
            security: bearer,
            description:
              'Takes the order one step back, with a reason (required): completed → shipped → in_progress → confirmed, and a cancelled order back to the status it was cancelled from (its cancel_reason cleared). Sends no e-mail. Recorded in its history with the reason and who; order.updated to webhooks. No reason (or a blank one) is 400, an order with no step to go back to (confirmed) 409.',
            params: idParam,
            body: stepBackOrderBody,
            response: { 200: orderDetailSchema, ...errors(400, 401, 404, 409) },
          },
        },
        async (request) =>
          deps.orders.stepBack(request.params.id, request.body.reason, currentUser(request).id),
      );
      staff.post(
        '/api/orders/:id/notes',
        noteRouteOptions(tags, 'order.work', staffNoteSchema),
        addNoteHandler((id, body, author) => deps.orders.addNote(id, body, author)),
      );
    });
  };
