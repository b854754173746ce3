import type { PlatformEvent, PlatformEventName } from '../../api/index.js';

/** The live events that change what the health pages show: a check passed or failed. */
export const CHECK_EVENTS: readonly PlatformEventName[] = ['check.passed', 'check.failed'];

/** Whether a live event is about this check. */
export const isAboutCheck = (checkId: string) => (event: PlatformEvent) => event.ids.id === checkId;
