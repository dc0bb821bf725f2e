import type { TextTranslations } from '@tavola/contract';

/**
 * The demo menu in Italian and German, by the English original: every item (name and
 * description), category, option group and option (by "Group/Option"). The kitchen keeps reading
 * the English names; guests read these.
 */
export const DEMO_ITEM_TRANSLATIONS: Record<string, TextTranslations> = {
  'Classic Burger': {
    it: {
      name: 'Burger classico',
      description:
        'Hamburger di manzo, cheddar, lattuga, pomodoro e salsa della casa in un panino brioche',
    },
    de: {
      name: 'Klassischer Burger',
      description: 'Rindfleisch-Patty, Cheddar, Salat, Tomate und Haussoße im Brioche-Brötchen',
    },
  },
  'Margherita Pizza': {
    it: {
      name: 'Pizza Margherita',
      description: 'Pomodoro San Marzano, fior di latte e basilico fresco',
    },
    de: {
      name: 'Pizza Margherita',
      description: 'San-Marzano-Tomaten, Fior di Latte und frisches Basilikum',
    },
  },
  'Caesar Salad': {
    it: {
      name: 'Insalata Caesar',
      description: 'Lattuga romana, parmigiano, crostini e salsa alle acciughe',
    },
    de: {
      name: 'Caesar Salad',
      description: 'Römersalat, Parmesan, Croûtons und Sardellendressing',
    },
  },
  'Spaghetti Carbonara': {
    it: {
      name: 'Spaghetti alla carbonara',
      description: 'Guanciale, tuorlo d’uovo, pecorino e pepe nero',
    },
    de: {
      name: 'Spaghetti Carbonara',
      description: 'Guanciale, Eigelb, Pecorino und schwarzer Pfeffer',
    },
  },
  'Grilled Salmon': {
    it: {
      name: 'Salmone alla griglia',
      description: 'Filetto di salmone con burro al limone e verdure di stagione',
    },
    de: {
      name: 'Gegrillter Lachs',
      description: 'Lachsfilet mit Zitronenbutter und Gemüse der Saison',
    },
  },
  'Truffle Fries': {
    it: {
      name: 'Patatine al tartufo',
      description: 'Patatine tagliate a mano con olio al tartufo e parmigiano',
    },
    de: {
      name: 'Trüffel-Pommes',
      description: 'Handgeschnittene Pommes mit Trüffelöl und Parmesan',
    },
  },
  Tiramisu: {
    it: { name: 'Tiramisù', description: 'Mascarpone, savoiardi inzuppati nell’espresso e cacao' },
    de: {
      name: 'Tiramisu',
      description: 'Mascarpone, in Espresso getränkte Löffelbiskuits und Kakao',
    },
  },
  'Lobster Risotto': {
    it: {
      name: 'Risotto all’astice',
      description: 'Riso Carnaroli con bisque d’astice (esaurito oggi)',
    },
    de: {
      name: 'Hummer-Risotto',
      description: 'Carnaroli-Reis mit Hummerbisque (heute ausverkauft)',
    },
  },
  'Craft Beer': {
    it: { name: 'Birra artigianale', description: 'Pale ale locale alla spina, 0,4 l' },
    de: { name: 'Craft-Bier', description: 'Regionales Pale Ale vom Fass, 0,4 l' },
  },
  'House Red Wine': {
    it: { name: 'Vino rosso della casa', description: 'Montepulciano d’Abruzzo al calice' },
    de: { name: 'Rotwein des Hauses', description: 'Montepulciano d’Abruzzo im Glas' },
  },
  'Aperol Spritz': {
    it: { name: 'Aperol Spritz', description: 'Aperol, prosecco e una spruzzata di soda' },
    de: { name: 'Aperol Spritz', description: 'Aperol, Prosecco und ein Schuss Soda' },
  },
  'Fresh Lemonade': {
    it: { name: 'Limonata fresca', description: 'Limoni spremuti, menta e acqua frizzante' },
    de: { name: 'Frische Limonade', description: 'Gepresste Zitronen, Minze und Sprudelwasser' },
  },
  Espresso: {
    it: { name: 'Espresso', description: 'Un caffè della nostra miscela della casa' },
    de: { name: 'Espresso', description: 'Ein Schuss unserer Hausmischung' },
  },
  'Chef’s Tasting Plate': {
    it: {
      name: 'Degustazione dello chef',
      description: 'Cinque piccoli assaggi scelti dallo chef stasera',
    },
    de: {
      name: 'Probierteller des Küchenchefs',
      description: 'Fünf kleine Teller, heute Abend vom Küchenchef gewählt',
    },
  },
  'Truffle Tagliatelle': {
    it: {
      name: 'Tagliatelle al tartufo',
      description: 'Pasta fresca all’uovo con tartufo nero e burro',
    },
    de: {
      name: 'Trüffel-Tagliatelle',
      description: 'Frische Eiernudeln mit schwarzem Trüffel und Butter',
    },
  },
  'Negroni of the Week': {
    it: {
      name: 'Negroni della settimana',
      description: 'Gin, vermouth e Campari con un tocco di stagione',
    },
    de: { name: 'Negroni der Woche', description: 'Gin, Wermut und Campari mit saisonaler Note' },
  },
  'Tavola Burger': {
    it: {
      name: 'Burger Tavola',
      description: 'Hamburger di manzo cotto a piacere, lattuga, pomodoro, cipolla e cetriolini',
    },
    de: {
      name: 'Tavola-Burger',
      description: 'Rindfleisch-Patty nach Wunsch gebraten, Salat, Tomate, Zwiebel und Essiggurken',
    },
  },
  'Pizza Diavola': {
    it: {
      name: 'Pizza Diavola',
      description: 'Pomodoro, mozzarella e salame piccante, in tre misure',
    },
    de: {
      name: 'Pizza Diavola',
      description: 'Tomate, Mozzarella und scharfe Salami, in drei Größen',
    },
  },
  'Iced Tea': {
    it: { name: 'Tè freddo', description: 'Tè nero in infusione con limone' },
    de: { name: 'Eistee', description: 'Aufgebrühter Schwarztee mit Zitrone' },
  },
};

export const DEMO_CATEGORY_TRANSLATIONS: Record<string, TextTranslations> = {
  food: { it: { name: 'Cucina' }, de: { name: 'Speisen' } },
  drinks: { it: { name: 'Bevande' }, de: { name: 'Getränke' } },
  specials: { it: { name: 'Specialità' }, de: { name: 'Spezialitäten' } },
};

export const DEMO_GROUP_TRANSLATIONS: Record<string, TextTranslations> = {
  Cooking: { it: { name: 'Cottura' }, de: { name: 'Garstufe' } },
  Extras: { it: { name: 'Aggiunte' }, de: { name: 'Extras' } },
  Remove: { it: { name: 'Togli' }, de: { name: 'Ohne' } },
  Size: { it: { name: 'Misura' }, de: { name: 'Größe' } },
  Ice: { it: { name: 'Ghiaccio' }, de: { name: 'Eis' } },
};

/** By "Group/Option". */
export const DEMO_OPTION_TRANSLATIONS: Record<string, TextTranslations> = {
  'Cooking/Rare': { it: { name: 'Al sangue' }, de: { name: 'Blutig' } },
  'Cooking/Medium': { it: { name: 'Media' }, de: { name: 'Medium' } },
  'Cooking/Well done': { it: { name: 'Ben cotta' }, de: { name: 'Durchgebraten' } },
  'Extras/Bacon': { it: { name: 'Pancetta' }, de: { name: 'Speck' } },
  'Extras/Cheese': { it: { name: 'Formaggio' }, de: { name: 'Käse' } },
  'Extras/Egg': { it: { name: 'Uovo' }, de: { name: 'Ei' } },
  'Remove/Onion': { it: { name: 'Cipolla' }, de: { name: 'Zwiebel' } },
  'Remove/Pickles': { it: { name: 'Cetriolini' }, de: { name: 'Essiggurken' } },
  'Size/Small': { it: { name: 'Piccola' }, de: { name: 'Klein' } },
  'Size/Regular': { it: { name: 'Normale' }, de: { name: 'Normal' } },
  'Size/Large': { it: { name: 'Grande' }, de: { name: 'Groß' } },
  'Ice/With ice': { it: { name: 'Con ghiaccio' }, de: { name: 'Mit Eis' } },
  'Ice/No ice': { it: { name: 'Senza ghiaccio' }, de: { name: 'Ohne Eis' } },
};
