import { Link as AriaLink, type LinkProps } from 'react-aria-components';
import { buttonStyles, type ButtonSize, type ButtonVariant } from '@acompanha/ui';

/** A link that looks like a button (e.g. "Imprimir", which opens the print page). */
export function LinkButton({
  variant = 'secondary',
  size = 'md',
  ...props
}: LinkProps & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <AriaLink {...props} data-variant={variant} data-size={size} css={buttonStyles} />;
}
