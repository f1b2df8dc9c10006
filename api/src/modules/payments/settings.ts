import { type ApiConfig } from '../../config';
import { type PaymentsOptions } from './plugin';

/** The payment settings of a start from the validated environment (see the payments section of config.ts). */
export function paymentsOptionsFrom(config: ApiConfig): PaymentsOptions {
  const stripe =
    config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
      ? {
          secretKey: config.STRIPE_SECRET_KEY,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
          publishableKey: config.STRIPE_PUBLISHABLE_KEY,
        }
      : undefined;
  if (config.PAYMENT_PROVIDER === 'stripe' && !stripe) {
    throw new Error(
      'invalid api configuration:\n  PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  const paypal =
    config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET && config.PAYPAL_WEBHOOK_ID
      ? {
          clientId: config.PAYPAL_CLIENT_ID,
          clientSecret: config.PAYPAL_CLIENT_SECRET,
          webhookId: config.PAYPAL_WEBHOOK_ID,
          environment: config.PAYPAL_ENVIRONMENT,
        }
      : undefined;
  return {
    stripe,
    paypal,
    publicOrigin: config.SHELL_ORIGIN,
    defaultProvider: config.PAYMENT_PROVIDER,
    sandboxSecret: config.SANDBOX_WEBHOOK_SECRET,
    production: config.NODE_ENV === 'production',
    webhookVerifyLimits: {
      perIp: config.PAYPAL_VERIFY_LIMIT_PER_IP,
      total: config.PAYPAL_VERIFY_LIMIT_TOTAL,
      windowMs: 60_000,
    },
    // Every started instance works the queues; several instances share them through PostgreSQL.
    workers: true,
  };
}
