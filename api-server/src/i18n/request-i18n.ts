import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pickLocale } from './locale';
import { translate, type Locale, type MessageKey, type MessageParams } from './messages';

declare module 'fastify' {
  interface FastifyRequest {
    /** Message language chosen from Accept-Language (Chinese unless English is preferred). */
    readonly locale: Locale;
    /** A catalogue message in the request's language. */
    t(key: MessageKey, params?: MessageParams): string;
  }
}

export function installRequestI18n(app: FastifyInstance): void {
  app.decorateRequest('locale', {
    getter(this: FastifyRequest): Locale {
      return pickLocale(this.headers['accept-language']);
    },
  });
  app.decorateRequest('t', function t(this: FastifyRequest, key: MessageKey, params?: MessageParams): string {
    return translate(this.locale, key, params);
  });
}
