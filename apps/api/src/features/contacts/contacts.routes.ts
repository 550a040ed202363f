import type { FastifyInstance } from 'fastify';
import { getContact, listContacts, quickCreateCustomer } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as contacts from './contacts.service.js';

/** Contacts: customers and vendors (the till's customer search and quick-create; issue 6 the rest). */
export function contactsRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, listContacts, ({ store, query }) => contacts.listContacts(deps.database.db, store, query));
  route(app, deps, getContact, ({ store, params }) => contacts.getContact(deps.database.db, store, params.contactId));
  route(app, deps, quickCreateCustomer, ({ actor, store, body }) =>
    contacts.quickCreateCustomer(deps, actor, store, body),
  );
}
