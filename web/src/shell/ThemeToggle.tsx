import { Button } from '@patternfly/react-core';
import { OnDemandTooltip } from '../components/OnDemand/index.js';
import { MoonIcon, SunIcon } from '@patternfly/react-icons';
import { useTheme } from './theme.js';

/** Switches between PatternFly's light and dark themes; the choice is remembered. */
export function ThemeToggle() {
  const [theme, setTheme] = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} theme`;
  return (
    <OnDemandTooltip content={label}>
      <Button
        variant="plain"
        aria-label={label}
        icon={theme === 'dark' ? <SunIcon /> : <MoonIcon />}
        onClick={() => setTheme(next)}
      />
    </OnDemandTooltip>
  );
}
