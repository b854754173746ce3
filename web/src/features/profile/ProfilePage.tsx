import {
  Card,
  CardBody,
  CardTitle,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  Label,
  LabelGroup,
  PageSection,
  Stack,
} from '@patternfly/react-core';
import { useWhoami } from '../../api/index.js';
import { NO_VALUE } from '../../lib/format.js';
import { LoadingScreen } from '../../shell/screens/LoadingScreen.js';
import { ApiTokensPanel } from './ApiTokensPanel.js';
import { ChangePasswordForm } from './ChangePasswordForm.js';

/** /profile-settings ('Your Profile' in the top bar): who is signed in, their API tokens, their password. */
export function ProfilePage() {
  const { data: whoami } = useWhoami();
  // The shell renders pages only once whoami has answered; this is for type safety.
  if (!whoami) return <LoadingScreen />;
  const { user, roles, authMode } = whoami;
  return (
    <PageSection>
      <Stack hasGutter>
        <Card>
          <CardTitle component="h2">Details</CardTitle>
          <CardBody>
            <DescriptionList isHorizontal>
              <DescriptionListGroup>
                <DescriptionListTerm>Name</DescriptionListTerm>
                <DescriptionListDescription>{user.name || NO_VALUE}</DescriptionListDescription>
              </DescriptionListGroup>
              <DescriptionListGroup>
                <DescriptionListTerm>Email</DescriptionListTerm>
                <DescriptionListDescription>{user.email || NO_VALUE}</DescriptionListDescription>
              </DescriptionListGroup>
              <DescriptionListGroup>
                <DescriptionListTerm>Roles</DescriptionListTerm>
                <DescriptionListDescription>
                  <LabelGroup aria-label="Roles">
                    {roles.map((role) => (
                      <Label key={role} color="blue">
                        {role}
                      </Label>
                    ))}
                  </LabelGroup>
                </DescriptionListDescription>
              </DescriptionListGroup>
            </DescriptionList>
          </CardBody>
        </Card>
        <ApiTokensPanel />
        {authMode === 'local' && <ChangePasswordForm email={user.email} />}
      </Stack>
    </PageSection>
  );
}
