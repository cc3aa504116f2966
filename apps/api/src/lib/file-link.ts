import { z } from 'zod';

/** `<professionalId>_<32 random hex>_<safe file name>`: namespaced per professional and not guessable. */
export const FILE_KEY_SOURCE =
  '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}_[0-9a-f]{32}_[A-Za-z0-9][A-Za-z0-9._-]{0,99}';
export const FILE_KEY = new RegExp(`^${FILE_KEY_SOURCE}$`);

/**
 * An image field (question image, quiz cover, appearance photo, avatar): a link to a file uploaded here
 * (`POST /file/signed-url`), signed or not. Pages load images from this origin only (the CSP's img-src), and a
 * patient's page never calls out to an address a professional typed.
 */
export const fileLink = () =>
  z
    .string()
    .trim()
    .max(2048)
    .regex(
      new RegExp(`^(?:https?://[^/?#]+)?/api/file/${FILE_KEY_SOURCE}(?:\\?[^#]*)?$`),
      'Envie a imagem pelo botão de envio.',
    )
    .meta({ description: 'A file link returned by POST /file/signed-url (downloadUrl).' });
