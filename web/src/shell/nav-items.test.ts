import { AREAS, SETTINGS_NAV, settingsTableArea, visibleNavItems, type AreaKey } from './nav-items.js';
import { SPEC_MAIN_NAV, SPEC_SETTINGS_NAV, whoamiAs } from './test-support.js';

const titles = (keys: AreaKey[]) => keys.map((key) => AREAS[key].title);

describe('visibleNavItems', () => {
  it('shows an admin every area and the whole Settings submenu, sorted by name', () => {
    const { main, settings } = visibleNavItems(whoamiAs('admin'));
    expect(titles(main)).toEqual(SPEC_MAIN_NAV);
    expect(titles(settings)).toEqual(SPEC_SETTINGS_NAV);
  });

  it('shows an editor everything too: editors read all resources', () => {
    const { main, settings } = visibleNavItems(whoamiAs('editor'));
    expect(titles(main)).toEqual(SPEC_MAIN_NAV);
    expect(titles(settings)).toEqual(SPEC_SETTINGS_NAV);
  });

  it.each(['commander', 'responder'] as const)(
    'hides from a %s what needs identities or connections (Users, Teams, Connections)',
    (role) => {
      const { main, settings } = visibleNavItems(whoamiAs(role));
      expect(titles(main)).toEqual(SPEC_MAIN_NAV);
      expect(titles(settings)).toEqual(
        SPEC_SETTINGS_NAV.filter((t) => !['Connections', 'Teams', 'Users'].includes(t)),
      );
    },
  );

  it('hides the whole Settings group from a viewer', () => {
    const { main, settings } = visibleNavItems(whoamiAs('viewer'));
    expect(titles(main)).toEqual(SPEC_MAIN_NAV);
    expect(settings).toEqual([]);
  });

  it('shows Settings to a user who is a viewer and also something more', () => {
    const whoami = whoamiAs('responder');
    expect(visibleNavItems({ ...whoami, roles: ['viewer', 'responder'] }).settings).not.toEqual([]);
  });

  it('hides an area whose feature is disabled, and only that area', () => {
    const { main, settings } = visibleNavItems(
      whoamiAs('admin', { disabled: ['incidents', 'settings.users'] }),
    );
    expect(titles(main)).toEqual(SPEC_MAIN_NAV.filter((t) => t !== 'Incidents'));
    expect(titles(settings)).toEqual(SPEC_SETTINGS_NAV.filter((t) => t !== 'Users'));
  });

  it('hides an area whose resource the user may not read', () => {
    const { main } = visibleNavItems(whoamiAs('admin', { unreadable: ['canaries'] }));
    expect(titles(main)).toEqual(SPEC_MAIN_NAV.filter((t) => t !== 'Health'));
  });

  it('shows nothing before whoami has answered', () => {
    expect(visibleNavItems(undefined)).toEqual({ main: [], settings: [] });
  });
});

describe('the settings submenu', () => {
  it('is sorted by name', () => {
    const names = titles([...SETTINGS_NAV]);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});

describe('settingsTableArea', () => {
  it.each([
    ['teams', 'Teams'],
    ['incident_rules', 'Rules'],
    ['config_scrapers', 'Catalog Scraper'],
    ['canaries', 'Health Check'],
    ['properties', 'Feature Flags'],
  ])('maps the generic table %s to %s', (table, title) => {
    expect(AREAS[settingsTableArea(table)!].title).toBe(title);
  });

  it.each(['agents', 'users', 'constructor', 'toString', undefined])('knows no table %s', (table) => {
    expect(settingsTableArea(table)).toBeUndefined();
  });
});
