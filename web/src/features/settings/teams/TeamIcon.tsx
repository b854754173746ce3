// A team's icon is a picture address (http(s) or data URL); any other value has no picture to show here.
const PICTURE = /^(https?:\/\/|data:image\/)/i;

export const hasPicture = (icon: string | null | undefined): icon is string => !!icon && PICTURE.test(icon);

export function TeamIcon({ icon }: { icon: string | null | undefined }) {
  if (!hasPicture(icon)) return null;
  return <img src={icon} alt="" width={20} height={20} style={{ verticalAlign: 'text-bottom' }} />;
}
