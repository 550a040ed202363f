import type { FastifyInstance } from 'fastify';
import {
  archiveContact,
  commitContactImport,
  createContact,
  exportContacts,
  getContact,
  getCustomerSummary,
  getVendorSummary,
  listContacts,
  previewContactImport,
  quickCreateCustomer,
  restoreContact,
  updateContact,
} from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as contacts from './contacts.service.js';
import * as files from './contacts-files.service.js';
import * as summaries from './contact-summaries.service.js';

/** Contacts: customers and vendors (the till's search and quick create; the contacts section). */
export function contactsRoutes(app: FastifyInstance, deps: AppDeps) {
  const db = deps.database.db;
  route(app, deps, listContacts, ({ store, query }) => contacts.listContacts(db, store, query));
  route(app, deps, getContact, ({ store, params }) => contacts.getContact(db, store, params.contactId));
  route(app, deps, quickCreateCustomer, ({ actor, store, body }) =>
    contacts.quickCreateCustomer(deps, actor, store, body),
  );
  route(app, deps, createContact, ({ actor, store, body }) => contacts.createContact(deps, actor, store, body));
  route(app, deps, updateContact, ({ actor, store, params, body }) =>
    contacts.updateContact(deps, actor, store, params.contactId, body),
  );
  route(app, deps, archiveContact, ({ actor, store, params }) =>
    contacts.setContactArchived(deps, actor, store, params.contactId, true),
  );
  route(app, deps, restoreContact, ({ actor, store, params }) =>
    contacts.setContactArchived(deps, actor, store, params.contactId, false),
  );
  route(app, deps, getCustomerSummary, ({ store, params }) =>
    summaries.customerSummary(db, store, params.contactId, deps.now()),
  );
  route(app, deps, getVendorSummary, ({ store, params }) => summaries.vendorSummary(db, store, params.contactId));
  route(app, deps, previewContactImport, ({ store, body }) => files.previewImport(deps, store, body as Buffer));
  route(app, deps, commitContactImport, ({ actor, store, body }) =>
    files.commitImport(deps, actor, store, body as Buffer),
  );
  route(app, deps, exportContacts, async ({ store, query, reply }) => {
    const fileName = await files.exportFileName(deps, store, query.kind);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`);
    return files.exportContacts(deps, store, query.kind);
  });
}
