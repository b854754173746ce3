import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import {
  Avatar,
  Divider,
  DropdownGroup,
  DropdownItem,
  DropdownList,
  MenuToggle,
} from '@patternfly/react-core';
import { apiJson, useAbout, useWhoami } from '../api/index.js';
import { OnDemandDropdown } from '../components/OnDemand/index.js';
import { useToast } from '../components/Toasts/index.js';
import { withRestStyles } from '../lib/rest-styles.js';
import { frontendVersion } from '../version.js';

/** 'Jane Q Doe' → 'JD', 'jane.doe@example.com' → 'JD', 'admin' → 'A'. */
export function initialsOf(name: string): string {
  const words = name
    .split('@')[0]!
    .split(/[\s._-]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  const letters =
    words.length === 1 ? words[0]!.slice(0, 1) : words[0]!.slice(0, 1) + words.at(-1)!.slice(0, 1);
  return letters.toUpperCase();
}

// Loaded when first opened: its modal and code block are no part of a page's first screen.
const KubeconfigDialog = lazy(
  withRestStyles(async () => ({
    default: (await import('./KubeconfigDialog.js')).KubeconfigDialog,
  })),
);

/** The signed-in user's menu: profile, kubeconfig, versions and sign out (spec 1 §1). */
export function UserMenu() {
  const { data: whoami } = useWhoami();
  const { data: about } = useAbout();
  const navigate = useNavigate();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [isOpen, setOpen] = useState(false);
  const [kubeconfigOpen, setKubeconfigOpen] = useState(false);
  const [kubeconfigLoaded, setKubeconfigLoaded] = useState(false);
  const name = whoami?.user.name || whoami?.user.email || 'User';

  const signOut = async () => {
    try {
      // 200 with redirectTo: the identity provider's end-session page, to sign out there too.
      const answer = await apiJson<{ redirectTo?: string } | undefined>('api/auth/logout', {
        method: 'POST',
      });
      if (answer?.redirectTo) {
        window.location.assign(answer.redirectTo);
        return;
      }
      await navigate('/login', { replace: true });
      // Nothing of the signed-out user stays in memory for whoever signs in next.
      await mutate(() => true, undefined, { revalidate: false });
    } catch (error) {
      toast.error(error);
    }
  };

  return (
    <>
      <OnDemandDropdown
        isOpen={isOpen}
        onOpenChange={setOpen}
        onSelect={() => setOpen(false)}
        popperProps={{ position: 'right' }}
        toggle={(ref) => (
          <MenuToggle
            ref={ref}
            variant="plainText"
            className="ops-user-menu__toggle"
            isExpanded={isOpen}
            onClick={() => setOpen(!isOpen)}
            icon={
              whoami?.user.avatar ? (
                <Avatar src={whoami.user.avatar} alt="" size="sm" />
              ) : (
                <Avatar initials={initialsOf(name)} alt="" size="sm" color="blue" />
              )
            }
          >
            <span className="ops-user-menu__name">{name}</span>
          </MenuToggle>
        )}
      >
        <DropdownGroup label={`Hi ${name}`}>
          <DropdownList>
            <DropdownItem onClick={() => navigate('/profile-settings')}>Your Profile</DropdownItem>
            <DropdownItem
              onClick={() => {
                setKubeconfigLoaded(true);
                setKubeconfigOpen(true);
              }}
            >
              Download kubeconfig
            </DropdownItem>
          </DropdownList>
        </DropdownGroup>
        <Divider component="div" />
        <dl className="ops-user-menu__versions">
          <dt>Frontend version</dt>
          <dd>{frontendVersion}</dd>
          <dt>Backend version</dt>
          <dd>{about?.Version || 'NA'}</dd>
        </dl>
        <Divider component="div" />
        <DropdownList>
          <DropdownItem onClick={() => void signOut()}>Sign out</DropdownItem>
        </DropdownList>
      </OnDemandDropdown>
      {kubeconfigLoaded && (
        <Suspense fallback={null}>
          <KubeconfigDialog isOpen={kubeconfigOpen} onClose={() => setKubeconfigOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
