/** The contact form (client: src/api/contact.ts). Rules, anti-spam and the acknowledgement mail: services/contact.ts. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ContactForm, ContactFormReceipt } from '../../../contract/content.ts';
import { getSession } from '../lib/session.ts';
import { submitContactForm } from '../services/contact.ts';

export default async function contactRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/message/submitForm', {
    schema: { body: ContactForm, response: { 200: ContactFormReceipt } },
  }, async (req) => {
    const id = await submitContactForm(app.db, await getSession(req), req.ip, req.body);
    void app.mailWorker.tick();
    return { ok: true, id };
  });
}
