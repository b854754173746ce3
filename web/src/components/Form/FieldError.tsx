import { FormHelperText, HelperText, HelperTextItem } from '@patternfly/react-core';

/** A field's problem under it, linked to the input by `id` (aria-describedby). */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <FormHelperText>
      <HelperText id={id}>
        <HelperTextItem variant="error">{error}</HelperTextItem>
      </HelperText>
    </FormHelperText>
  );
}
