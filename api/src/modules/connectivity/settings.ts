import { type ApiConfig } from '../../config';
import { type ConnectivityOptions } from './plugin';

/** The connectivity settings of a start from the validated environment (the connectivity section of config.ts). */
export function connectivityOptionsFrom(config: ApiConfig): ConnectivityOptions {
  return {
    provider: config.CONNECTIVITY_PROVIDER,
    simulatorSecret: config.SIMULATOR_SECRET,
    simulatorSpeed: config.SIMULATOR_SPEED,
    simulatorTickSeconds: config.SIMULATOR_TICK_SECONDS,
    simulatorInstallFailShare: config.SIMULATOR_INSTALL_FAIL_SHARE,
    simulatorInstallSeconds: config.SIMULATOR_INSTALL_SECONDS,
    esimgo: config.ESIMGO_API_KEY ? { apiKey: config.ESIMGO_API_KEY, baseUrl: config.ESIMGO_API_URL } : undefined,
    refreshMinSeconds: config.REFRESH_MIN_SECONDS,
    ...(config.NETWORK_CLOCK_OFFSET_SECONDS > 0
      ? { now: () => new Date(Date.now() + config.NETWORK_CLOCK_OFFSET_SECONDS * 1000) }
      : {}),
    // Every started instance works the queues and runs the simulator's clock (one at a time: an advisory lock).
    workers: true,
  };
}
