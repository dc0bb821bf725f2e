import type { Translation } from '@/lib/i18n';
import type { t } from './messages';

/** The restaurant's white label in Italian. */
export const brandingIt: Translation<typeof t> = {
  whiteLabel: 'Marchio personalizzato',
  enterpriseOnly:
    'Il marchio personalizzato fa parte del piano {plan}: il tuo nome, colore e logo sulla pagina degli ospiti, sugli schermi del personale e sui codici QR stampati.',
  brandingSaved: 'Marchio salvato',
  brandPreview: 'Anteprima del marchio',
  yourRestaurant: 'Il tuo ristorante',
  saveBranding: 'Salva il marchio',
  brandName: 'Nome del marchio',
  primaryColour: 'Colore principale',
  pickColour: 'Scegli il colore principale',
  logoUrl: 'URL del logo',
};
