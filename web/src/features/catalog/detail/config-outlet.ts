import { useOutletContext } from 'react-router';
import type { ConfigItem } from '../types.js';

/** What the detail tabs get from ConfigLayout: the config item, loaded (with its summary). */
export interface ConfigOutletContext {
  config: ConfigItem;
}

/** The config item of the detail page a tab is shown in. */
export const useConfigOutlet = () => useOutletContext<ConfigOutletContext>();
