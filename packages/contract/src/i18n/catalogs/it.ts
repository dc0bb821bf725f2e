import type { RefusalCode } from '../refusals.js';

/**
 * The server's refusals in Italian, by code (placeholders and ICU forms as in `en.ts`; the values
 * the server sends are put in as they are).
 */
export const refusalsIt: Record<RefusalCode, string> = {
  DAY_CLOSED: 'La giornata {date} è già chiusa',
  DAY_NOT_CLOSED: 'La giornata {date} non è chiusa',
  DAY_NOT_BEGUN: 'La giornata {date} non è ancora iniziata',
  DAY_REOPEN_REASON_REQUIRED: 'Indica un motivo per riaprire la giornata',
  DAY_PAYMENTS_IN_PROGRESS:
    'Si stanno registrando pagamenti per questa giornata; riprova tra un momento',
  DAY_CLOSE_IN_PROGRESS: 'La giornata è in chiusura proprio ora; riprova tra un momento',

  RESTAURANT_NOT_FOUND: 'Ristorante non trovato',
  TABLE_NOT_FOUND: 'Tavolo non trovato',
  GUEST_TABLE_NOT_FOUND: 'Tavolo non trovato. Scansiona di nuovo il codice QR sul tuo tavolo.',
  ORDER_NOT_FOUND: 'Ordine non trovato',
  ORDER_LINE_NOT_FOUND: 'Riga dell’ordine non trovata',
  TICKET_NOT_FOUND: 'Comanda non trovata',
  WAITER_NOT_FOUND: 'Cameriere non trovato',
  MENU_ITEM_NOT_FOUND: 'Piatto non trovato',
  MENU_CATEGORY_EMPTY: 'Nessun piatto è in questa categoria',
  DINING_SESSION_NOT_FOUND: 'Servizio al tavolo non trovato',

  RESTAURANT_UNAVAILABLE_FOR_GUESTS:
    'Questo ristorante non è al momento disponibile online. Chiedi a un membro del personale.',
  TABLE_NOT_TAKING_ORDERS:
    'Questo tavolo non accetta ordini in questo momento. Chiedi a un membro del personale.',
  TABLE_BEING_SETTLED:
    'Il conto di questo tavolo si sta chiudendo proprio ora. Riprova tra un momento.',
  GUEST_COUNT_ABOVE_MAX:
    'Il numero di ospiti deve essere al massimo {max} (la capienza massima dei tavoli del ristorante)',
  NOTHING_TO_PAY:
    'Non è stato ancora ordinato nulla. Fai prima il tuo ordine, o chiama il cameriere.',

  IDEMPOTENCY_KEY_BILL_CLOSED:
    'Questa Idempotency-Key è già stata usata a questo tavolo per un conto ora chiuso; invia una nuova chiave per un nuovo ordine',
  IDEMPOTENCY_KEY_REUSED:
    'Questa Idempotency-Key è già stata usata per un altro ordine; invia una nuova chiave per un nuovo ordine',
  MENU_ITEM_UNKNOWN: 'Piatto sconosciuto: {id}',
  MENU_ITEM_UNAVAILABLE: '{item} non è disponibile in questo momento',
  ORDER_QUANTITY_ABOVE_MAX: 'la quantità di {item} deve essere al massimo {max}',
  ORDER_TOTAL_ABOVE_MAX:
    'Questo ordine è troppo grande per un solo ordine (al massimo {amount} {currency}); dividilo, o chiedi al cameriere',
  BILL_TOTAL_LIMIT_REACHED:
    'Il conto di questo tavolo ha raggiunto il limite di {amount} {currency}; chiedi al cameriere di saldarlo prima di ordinare altro',
  SERVE_NOT_YOUR_TABLE:
    'Solo il cameriere assegnato a questo tavolo può segnare i suoi ordini come serviti',
  SERVE_ORDER_NOT_READY:
    'Segna come servito solo quando l’ordine è pronto (l’ordine n. {order} è {status})',

  ORDER_TABLE_HELD:
    'Il tavolo {table} è di {waiter}: chiedigli di passartelo, o a un responsabile di riassegnarlo',
  OPEN_ITEM_NOT_ALLOWED:
    'Non puoi battere articoli a prezzo libero; chiedi a un responsabile di darti il permesso',
  TAB_NOT_FOUND: 'Conto aperto non trovato',
  TAB_CLOSED: 'Questo conto è già chiuso; aprine uno nuovo',
  TAB_PICKUP_IN_PAST: 'L’orario di ritiro non può essere nel passato',
  TAB_HAS_UNPAID_ORDERS:
    'Questo conto ha {count} {count, plural, one {ordine non pagato} other {ordini non pagati}}: incassa, o {count, plural, one {stornalo} other {stornali}} prima',

  VOID_BILL_PAID:
    'L’ordine n. {order} è su un conto già pagato; un conto pagato non si può stornare',
  VOID_ORDER_ALREADY_VOIDED: 'L’ordine n. {order} è già stornato',
  VOID_LINE_ALREADY_VOIDED: '{item} dell’ordine n. {order} è già stornato',
  MOVE_TO_SAME_TABLE: 'Scegli un tavolo diverso dal tavolo {table}',
  MOVE_NO_OPEN_BILL: 'Il tavolo {table} non ha un conto aperto da spostare',
  MOVE_BILL_HAS_PAYMENTS:
    'Il tavolo {table} ha un pagamento sul conto: incassa lì il resto, poi fai accomodare di nuovo gli ospiti',
  MOVE_ORDER_NOT_ON_BILL: 'Ordine non trovato sul conto aperto del tavolo {table}',
  MOVE_LINE_NOT_ON_BILL: 'Riga non trovata sul conto aperto del tavolo {table}',
  MOVE_LINE_VOIDED: '{item} dell’ordine n. {order} è stornato: non resta nulla da spostare',
  MOVE_LINE_QUANTITY_ABOVE_LEFT: 'Solo {left} di {item} dell’ordine n. {order} si possono spostare',
  SPLIT_NO_OPEN_BILL: 'Il tavolo {table} non ha un conto aperto da dividere',
  SPLIT_BILL_HAS_PAYMENTS:
    'Il tavolo {table} ha un pagamento sul conto: incassa il resto prima di dividerlo',
  SPLIT_WHOLE_BILL:
    'Lascia qualcosa sul conto del tavolo {table}: una divisione ne prende una parte',
  SPLIT_TOO_MANY_CHECKS: 'Il tavolo {table} ha già {max} conti aperti: saldane prima uno',
  CHECK_NOT_OPEN: 'Il tavolo {table} non ha un conto aperto {check}',
  SPLIT_SAME_CHECK: 'Scegli un conto diverso dal conto {check} del tavolo {table}',
  CLOSE_TABLE_CHECKS_UNPAID:
    'Il tavolo {table} ha ancora ordini non pagati su {checks}: incassali prima (o lo chiude un responsabile)',
  ORDER_LINE_STARTED:
    'La postazione {station} ha iniziato l’ordine n. {order}: {item} non si può più modificare, solo stornare da un responsabile',
  ORDER_LINE_HAS_VOID: '{item} dell’ordine n. {order} ha uno storno: non si può più modificare',
  VOID_QUANTITY_ABOVE_LEFT:
    '{left, plural, one {Resta} other {Restano}} solo {left} × {item} da stornare sull’ordine n. {order}',

  DISCOUNT_BILL_SETTLED: 'Questo conto è già saldato; i suoi sconti non possono cambiare',
  DISCOUNT_NOT_FOUND: 'Sconto non trovato',
  DISCOUNT_REASON_NOT_FOUND: 'Motivo dello sconto non trovato',
  DISCOUNT_REASON_REQUIRED: 'Scegli un motivo dall’elenco del ristorante',
  DISCOUNT_REASON_NAME_TAKEN: 'Il motivo "{name}" è già nell’elenco',
  DISCOUNT_REASONS_LIMIT: 'L’elenco contiene al massimo {max} motivi',
  DISCOUNT_LINE_NOTHING_LEFT: 'Non resta nulla da scontare su {item}',
  DISCOUNT_BILL_NOTHING_LEFT: 'Non resta nulla da scontare su questo conto',
  DISCOUNT_ABOVE_PERCENT_LIMIT:
    'Questo sconto supera il tuo limite del {max}%; chiedi a un responsabile',
  DISCOUNT_ABOVE_AMOUNT_LIMIT:
    'Questo sconto supera il tuo limite di {max} {currency}; chiedi a un responsabile',
  DISCOUNT_NOT_ALLOWED: 'Non puoi fare sconti; chiedi a un responsabile',
  COMP_NOT_ALLOWED: 'Non puoi offrire piatti; chiedi a un responsabile',
  DISCOUNT_NOT_YOUR_TABLE:
    'Solo il cameriere che serve questo conto, o un responsabile, può cambiarne gli sconti',
  DISCOUNT_REMOVE_NOT_YOURS: 'Solo un responsabile può annullare uno sconto fatto da altri',
  DISCOUNT_BELOW_PAID:
    'Questo sconto porterebbe il conto a quanto già pagato o meno ({paid} {currency})',

  BILL_ALREADY_CLOSED: 'Questo conto è già chiuso',
  PAY_NOT_YOUR_TABLE: 'Solo il cameriere assegnato a questo tavolo può segnarlo come pagato',
  PAY_BILL_EMPTY: 'Non c’è nulla da pagare su questo conto: chiudilo invece',
  PAY_ORDERS_NOT_SERVED: 'Segna come pagato solo quando ogni ordine è servito',
  PAY_AMOUNT_NOT_NUMBER: 'l’importo deve essere un numero',
  PAY_AMOUNT_BELOW_BILL:
    'L’importo ricevuto è inferiore al conto più la mancia ({amount} {currency})',
  PAY_CAPTURE_ABOVE_BILL:
    'Questo incasso ({amount} {currency}) supera quanto resta da pagare ({owed} {currency})',
  PAY_CAPTURE_BILL_SETTLED:
    'Questo conto è già saldato: l’incasso di {amount} {currency} non è stato preso',
  PAY_SPLIT_LINE_PAID:
    'Qualcuno al tavolo ha appena pagato ciò che hai scelto. Restano da pagare {remaining} {currency}',
  PAY_SPLIT_ABOVE_BALANCE:
    'È più di quanto resta sul conto: restano da pagare {remaining} {currency}',
  PAY_BALANCE_CHANGED:
    'Il conto è cambiato mentre pagavi: la tua parte ora è {amount} {currency}, e restano da pagare {remaining} {currency}',
  PAY_NOTHING_LEFT: 'Questo conto è già pagato',
  PAY_LINE_UNKNOWN: 'Questa riga non è sul conto del tavolo',
  PAYMENT_PROVIDER_NOT_CONNECTED:
    'I pagamenti con carta tramite {provider} non sono ancora attivi in questo ristorante',
  PAYMENT_PROVIDER_UNAVAILABLE:
    'I pagamenti con carta tramite {provider} non sono raggiungibili in questo momento. Riprova tra poco, o chiedi al cameriere',

  CLOSE_TABLE_NOT_YOURS:
    'Solo il cameriere che serve il tavolo {table}, o un responsabile, può chiuderlo',
  CLOSE_TABLE_NO_SESSION: 'Il tavolo {table} non ha un servizio aperto da chiudere',
  CLOSE_TABLE_UNPAID_ORDERS:
    'Il tavolo {table} ha {count} {count, plural, one {ordine non pagato} other {ordini non pagati}}: incassa (Segna pagato), o chiedi a un responsabile di chiuderlo',
  CLOSE_TABLE_REASON_REQUIRED: 'Serve un motivo per chiudere un tavolo con ordini non pagati',
  CLOSE_TABLE_CHOICE_REQUIRED: 'Scegli se stornare o saldare gli ordini non pagati',
  CLOSE_TABLE_METHOD_REQUIRED:
    'Scegli come è stato pagato il conto (contanti o carta) per saldarlo',
  TABLE_AVAILABLE_WITH_UNPAID_ORDERS:
    'Il tavolo {table} ha ordini non pagati: usa Chiudi tavolo per stornarli o saldarli prima',

  TABLE_NUMBER_TAKEN: 'Il tavolo {table} esiste già',
  TABLE_CAPACITY_ABOVE_MAX:
    'La capienza deve essere al massimo di {max} ospiti (la capienza massima dei tavoli del ristorante)',
  TABLE_HAS_OPEN_BILL: 'Il tavolo {table} ha ospiti con un conto aperto; saldalo prima',
  TABLE_REMOVE_OPEN_SESSION:
    'Il tavolo {table} ha un servizio aperto; saldalo prima di rimuovere il tavolo',
  TABLE_ALREADY_ASSIGNED: 'Il tavolo {table} è già assegnato a {waiter}',
  WAITER_OFF_DUTY: '{waiter} non è in servizio; scegli un cameriere in servizio',
  WAITER_DEACTIVATED: '{waiter} è disattivato; scegli un cameriere in servizio',
  HAND_OVER_NOT_YOURS: 'Puoi passare solo i tuoi tavoli; il tavolo {table} non è tuo',
  HAND_OVER_SAME_WAITER: 'Scegli un cameriere diverso da {waiter}',

  TICKET_WRONG_STATION: 'Solo il personale di {station} può aggiornare questa comanda',
  TICKET_RECALL_EXPIRED: 'Le comande servite si possono richiamare solo per {minutes} minuti',
  TICKET_ACTION_REFUSED: 'Impossibile {action} una comanda che è {status}',
  PRIORITY_NOT_YOUR_TABLE:
    'Solo il cameriere assegnato a questo tavolo o un responsabile può cambiarne la priorità',
  TICKET_PRIORITY_FIXED: 'La priorità di una comanda {status} non può cambiare',
  ORDER_PRIORITY_FIXED: 'La priorità di un ordine {status} non può cambiare',

  REQUEST_NOT_YOUR_TABLE: 'Solo il cameriere assegnato a questo tavolo può rispondere',
  REQUEST_NO_NEW_ORDER: 'Nessun nuovo ordine di questo tipo a questo tavolo',
  REQUEST_NO_OPEN_REQUEST: 'Nessuna richiesta aperta di questo tipo a questo tavolo',

  REVIEW_NO_VISIT: 'Non c’è ancora una visita da recensire a questo tavolo.',
  REVIEW_BEFORE_ORDER: 'Puoi lasciare una recensione dopo il tuo primo ordine.',
  REVIEW_ALREADY_LEFT: 'Questa visita è già stata recensita. Grazie!',
  REVIEW_VISIT_NOT_FOUND: 'Visita non trovata',

  RECEIPT_NOT_FOUND: 'Ricevuta non trovata',
  RECEIPT_NONE_FOR_VISIT: 'Non c’è ancora una ricevuta per questa visita',
  RECEIPT_PAID_BEFORE_RECEIPTS:
    'L’ordine n. {order} è stato pagato prima che si emettessero ricevute',
  RECEIPT_BILL_NOT_PAID: 'L’ordine n. {order} non ha ricevuta: il suo conto non è pagato',

  MENU_PRICE_NOT_POSITIVE: 'Il prezzo deve essere maggiore di zero',
  OPTION_GROUP_NOT_FOUND: 'Gruppo di opzioni non trovato',
  OPTION_NOT_FOUND: 'Opzione non trovata',
  OPTION_UNKNOWN: '{item} non ha l’opzione {id}',
  OPTION_UNAVAILABLE: '{group}: {option} non è disponibile in questo momento',
  OPTION_PICKED_TWICE: '{group}: {option} è scelto due volte',
  OPTION_ABOVE_MAX_PER_OPTION:
    '{group}: {option} si può scegliere al massimo {max} {max, plural, one {volta} other {volte}}',
  OPTION_GROUP_BELOW_MIN: '{group}: scegline almeno {min}',
  OPTION_GROUP_ABOVE_MAX: '{group}: scegline al massimo {max}',
  OPTION_PRE_MODIFIER_REQUIRED: '{group}: di’ come vuoi {option} (Senza, Poco, Extra o A parte)',
  OPTION_PRE_MODIFIER_NOT_OFFERED: '{group}: {option} non si può scegliere così',

  MENU_IMPORT_NOT_CSV: 'Il file non si legge come CSV: {reason}',
  MENU_IMPORT_EMPTY: 'Il file non ha righe sotto l’intestazione',
  MENU_IMPORT_TOO_MANY_ROWS: 'Il file ha più di {max, number} righe',
  MENU_IMPORT_MISSING_COLUMN: 'L’intestazione non ha la colonna "{column}"',
  MENU_IMPORT_UNKNOWN_COLUMN: 'L’intestazione ha una colonna "{column}" che il formato non conosce',
  MENU_IMPORT_UNKNOWN_TYPE: 'type deve essere item, group o option, non "{value}"',
  MENU_IMPORT_NOT_A_NUMBER: '{column} deve essere un numero, non "{value}"',
  MENU_IMPORT_NOT_YES_NO: '{column} deve essere yes o no, non "{value}"',
  MENU_IMPORT_UNKNOWN_VALUE: '{column} deve essere uno tra {allowed}, non "{value}"',
  MENU_IMPORT_DUPLICATE:
    '"{name}" è nel file più di una volta (la prima alla riga {first, number})',
  MENU_IMPORT_UNKNOWN_GROUP: 'Non c’è un gruppo di opzioni "{group}" nel file o nel menu',
  MENU_IMPORT_INVALID: '{reason}',
  MENU_IMPORT_HAS_ERRORS:
    'Il file ha {count, plural, one {# errore} other {# errori}}: non è stato importato nulla. Controllalo prima per vederli riga per riga',
  ALLERGEN_CONTAINS_AND_TRACES:
    '{allergen} è contenuto oppure in tracce ("può contenere"), non entrambi',
  DIET_CONTRADICTS_ALLERGEN: 'Un piatto con {allergen} non può essere dichiarato {diet}',
  EXPORT_TOO_MANY_ENTRIES:
    'Questi filtri trovano {total, number} voci; un’esportazione CSV ne contiene al massimo {max, number}. Scegli un periodo più breve o un filtro più stretto.',
  EXPORT_TOO_MANY_ORDERS:
    'Questo periodo ha {total, number} ordini; un’esportazione {format} ne contiene al massimo {max, number}. Scegli un periodo più breve{format, select, PDF {, o esporta in CSV} other {}}.',

  ACCOUNT_NOT_FOUND: 'Account non trovato',
  ACCOUNT_DEACTIVATED: 'Questo account è disattivato. Chiedi al tuo responsabile di riattivarlo.',
  RESTAURANT_SUSPENDED: 'Questo ristorante è sospeso. Contatta l’assistenza Tavola.',
  SESSION_NOT_FOUND: 'Sessione non trovata',
  EMAIL_LINK_INVALID:
    'Questo link di verifica non è più valido. Accedi e inviane uno nuovo da Impostazioni.',
  PASSWORD_RESET_LINK_INVALID:
    'Questo link per reimpostare la password non è più valido. Chiedine uno nuovo dalla pagina di accesso.',
  USERNAME_UNAVAILABLE:
    'Il nome utente "{username}" non è disponibile. Scegline un altro{suggestion, select, null {} other {, per esempio "{suggestion}"}}.',

  TWO_FACTOR_NOT_FOR_ROLE: 'L’accesso in due passaggi è per gli account admin, responsabile e team',
  TWO_FACTOR_ALREADY_ON: 'L’accesso in due passaggi è già attivo',
  TWO_FACTOR_NOT_ON: 'L’accesso in due passaggi non è attivo',
  TWO_FACTOR_SETUP_NOT_STARTED: 'Avvia prima la configurazione in due passaggi',
  TWO_FACTOR_SETUP_CHANGED: 'La configurazione in due passaggi è cambiata; ricominciala',
  TWO_FACTOR_CODE_FORMAT: 'Inserisci il codice a 6 cifre della tua app di autenticazione',
  TWO_FACTOR_WRONG_CODE: 'Il codice non è corretto. Controlla l’ora sul telefono e riprova.',
  TWO_FACTOR_CODE_REUSED: 'Questo codice è già stato usato. Attendi il prossimo.',
  TEAM_TWO_FACTOR_CANNOT_DISABLE:
    'Il team Tavola richiede l’accesso in due passaggi per gli account del team, quindi non si può disattivare.',

  STAFF_NOT_FOUND: 'Membro del personale non trovato',
  STAFF_ROLE_CREATE_NOT_ALLOWED: 'Non puoi creare account {role}',
  STAFF_ROLE_GIVE_NOT_ALLOWED: 'Non puoi assegnare il ruolo {role}',
  STAFF_CANNOT_DEACTIVATE_SELF: 'Non puoi disattivare te stesso',
  STAFF_PERMISSIONS_NOT_ALLOWED: 'Non puoi concedere permessi che non hai tu stesso',

  QR_ADDRESS_MISSING:
    'I codici dei tavoli richiedono l’indirizzo pubblico del ristorante: impostalo in Impostazioni (URL pubblico), o chiedi all’amministratore di impostare PUBLIC_URL.',
  MAX_CAPACITY_BELOW_TABLE:
    'Il tavolo {table} ha {capacity} posti: riduci prima la sua capienza, o imposta la capienza massima dei tavoli a {capacity} o più',

  REPORT_SCHEDULE_NOT_FOUND: 'Programmazione non trovata',
  REPORT_SCHEDULES_LIMIT:
    'Un ristorante può avere al massimo {max} programmazioni di report. Rimuovine una, o aggiungi destinatari a una esistente.',
  EMAIL_NOT_CONFIGURED:
    'L’email non è configurata su questo server (SMTP_URL e PUBLIC_URL devono essere entrambi impostati), quindi i report non si possono inviare.',
  NO_CONFIRMED_RECIPIENTS:
    'Nessuno dei destinatari ha ancora confermato, quindi non è stato inviato nulla. A ciascuno è stato inviato un link di conferma.',
  RECIPIENT_LINK_INVALID:
    'Questo link non è più valido. Potrebbe essere scaduto o già stato usato.',

  BACKUP_NOT_FOUND: 'Backup non trovato',
  BACKUP_ALREADY_RUNNING: 'Un backup è già in corso. Attendi che finisca.',
  BACKUP_NOT_READY: 'Il backup non è ancora pronto',
  BACKUP_FAILED: 'Questo backup non è riuscito: non c’è nulla da scaricare',
  BACKUP_STILL_RUNNING: 'Il backup è ancora in corso',

  SUPPORT_TICKET_NOT_FOUND: 'Richiesta di assistenza non trovata',
  SUPPORT_TOO_MANY_OPEN:
    'Questo ristorante ha già {max} richieste di assistenza aperte. Scrivi su una di esse, o attendi che una sia risolta.',

  RESTAURANT_ALREADY_SUSPENDED: '{restaurant} è già sospeso',
  RESTAURANT_NOT_SUSPENDED: '{restaurant} non è sospeso',

  SIGN_IN_REQUIRED: 'Non autorizzato',
  INVALID_CREDENTIALS: 'Nome utente o password non validi',
  LOGIN_LOCKED:
    'Troppi tentativi di accesso falliti. Riprova tra {minutes} {minutes, plural, one {minuto} other {minuti}}.',
  LOGIN_WRONG_CODE: 'Codice in due passaggi non valido',
  LOGIN_CODE_REUSED: 'Questo codice è già stato usato. Attendi il prossimo.',
  LOGIN_CODE_NEEDED: 'Per accedere serve un codice in due passaggi',
  LOGIN_CHALLENGE_EXPIRED: 'Il tuo accesso è scaduto. Accedi di nuovo.',
  SESSION_EXPIRED: 'La sessione è scaduta, accedi di nuovo',
  SESSION_ACCOUNT_DEACTIVATED: 'Questo account è disattivato',
  SESSION_RESTAURANT_SUSPENDED: 'Questo ristorante è sospeso',
  PERMISSION_DENIED: 'Non hai il permesso di farlo',
  RESTAURANT_ACCOUNT_REQUIRED: 'Questa azione richiede un account di ristorante',
  TEAM_TWO_FACTOR_REQUIRED:
    'Il team Tavola richiede l’accesso in due passaggi: attivalo per il tuo account per continuare.',
  TEAM_TWO_FACTOR_SELF_FIRST:
    'Attiva l’accesso in due passaggi per il tuo account prima di richiederlo a ogni account del team.',
  STATION_VIEW_NOT_ALLOWED: 'Non puoi vedere la postazione {station}',
  STATION_NOT_FOUND: 'Non esiste una postazione attiva {station}',
  STATION_SLUG_TAKEN: 'Esiste già una postazione {station}',
  STATION_BUILT_IN: 'La cucina e il bar non possono essere disattivati né cambiare tipo',
  COURSE_NOT_HELD: "L'ordine {order} non ha {course} in attesa da lanciare",
  COURSE_NOT_YOUR_TABLE: 'Solo il cameriere assegnato a questo tavolo può lanciare le sue portate',
  COURSE_REMOVED: 'La portata {course} non può essere rimossa: rinominala',
  COURSE_DUPLICATE: 'La portata {course} è due volte nella lista',
  TICKET_HELD: 'Questa comanda è in attesa finché la sua portata non viene lanciata',
  EXPO_ORDER_NOT_READY: "L'ordine {order} non è ancora pronto in tutte le postazioni",
  PRINTER_NOT_FOUND: 'Stampante non trovata',
  PRINTER_BACKUP_SAME: 'La stampante di riserva deve essere un’altra stampante',
  PRINTER_PORT_NOT_ALLOWED: 'Una stampante usa una porta da {min} a {max}',
  STATION_HAS_NO_PRINTER: 'La postazione {station} non ha una stampante',
  NO_RECEIPT_PRINTER: 'Nessuna stampante per gli scontrini è configurata',
  PRINT_AGENT_NOT_FOUND: 'Agente di stampa non trovato',

  INVALID_TOKENS_RATE_LIMITED:
    'Troppe richieste con un token non valido, riprova tra {seconds} secondi',
  TABLE_RATE_LIMITED: 'Troppe richieste per questo tavolo, riprova tra {seconds} secondi',
  ACCOUNT_EMAILS_RATE_LIMITED:
    'Troppe {what, select, verifyEmails {email di verifica} verifyAttempts {verifiche tentate} resetRequests {richieste di reimpostazione della password} other {reimpostazioni della password tentate}}. Riprova tra {minutes} {minutes, plural, one {minuto} other {minuti}}.',
  SIGNUPS_RATE_LIMITED:
    'Troppe registrazioni da questo indirizzo. Riprova tra {minutes} {minutes, plural, one {minuto} other {minuti}}.',
  SEND_NOW_TOO_SOON:
    'Invia ora funziona una volta ogni {interval} minuti per programmazione. Riprova tra {minutes} {minutes, plural, one {minuto} other {minuti}}.',
  DAILY_EMAIL_LIMIT_REACHED:
    'Questo ristorante ha inviato le sue {cap} email di oggi (UTC). Non si invia altro fino a domani; il team Tavola può alzare il limite.',
  SUPPORT_TOO_MANY_PER_HOUR:
    'Questo ristorante ha aperto {max} richieste di assistenza nell’ultima ora. Scrivi su una di esse, o riprova più tardi.',

  SERVER_SHUTTING_DOWN: 'Il server si sta spegnendo, riprova',
  DATABASE_UNAVAILABLE: 'Database non disponibile',
  PDF_BUSY: 'Si stanno scrivendo troppi PDF in questo momento; riprova tra un minuto.',
  PDF_REPORTS_BUSY:
    'Si stanno scrivendo troppi report PDF in questo momento; riprova tra un minuto.',
  PDF_EXPORTS_BUSY:
    'Si stanno scrivendo troppe esportazioni PDF in questo momento; riprova tra un minuto.',
  PDF_TIMEOUT: 'Il PDF ha richiesto troppo tempo; riprova.',
  PDF_REPORT_TIMEOUT: 'Il PDF ha richiesto troppo tempo; scegli un periodo più breve.',
  PDF_EXPORT_TIMEOUT:
    'Il PDF ha richiesto troppo tempo; scegli un periodo più breve, o esporta in CSV.',

  REQUEST_INVALID: 'Richiesta non valida',
  REQUEST_BAD: 'Richiesta errata',
  REQUEST_JSON_MALFORMED: 'JSON non valido nel corpo della richiesta',
  REQUEST_JSON_EMPTY: 'Il corpo della richiesta è vuoto ma il Content-Type è application/json',
  REQUEST_BODY_TOO_LARGE: 'Il corpo della richiesta è troppo grande',
  REQUEST_MEDIA_TYPE_UNSUPPORTED: 'Content-Type non supportato; invia application/json',
  REQUEST_CONTENT_LENGTH_MISMATCH: 'Il Content-Length non corrisponde al corpo',
  REQUEST_URL_MALFORMED: 'URL non valido: il percorso ha una codifica percentuale non valida',
  REQUEST_URL_PART_TOO_LONG: 'Una parte dell’URL è troppo lunga',
  REQUEST_TEXT_UNSTORABLE: 'La richiesta contiene caratteri che non si possono salvare',
  ROUTE_NOT_FOUND: 'Percorso {method} {path} non trovato',
  REQUESTS_RATE_LIMITED: 'Troppe richieste, riprova tra {seconds} secondi',
  REQUESTS_RATE_LIMITED_LATER: 'Troppe richieste, riprova più tardi',
  HTTP_REQUEST_MALFORMED: 'Richiesta HTTP non valida',
  HTTP_HEADERS_TOO_LARGE: 'Le intestazioni della richiesta sono troppo grandi',
  HTTP_REQUEST_TIMEOUT: 'Tempo scaduto per la richiesta',
  SERVICE_UNAVAILABLE: 'Servizio temporaneamente non disponibile, riprova',
  INTERNAL_ERROR: 'Errore interno del server (richiesta {requestId})',

  WS_TABLE_TOKEN_INVALID: 'Token del tavolo non valido',
  WS_STAFF_TOKEN_REQUIRED: 'Non autorizzato: serve un token del personale',
  WS_USER_MISMATCH: 'Vietato: userId non corrisponde alla sessione',
  WS_ROLE_MISMATCH: 'Vietato: il ruolo non corrisponde alla sessione',
  WS_NO_RESTAURANT: 'Vietato: nessun ristorante per questo account',
  WS_RESTAURANT_MISMATCH: 'Vietato: restaurantId non corrisponde alla sessione',

  DATE_RANGE_REVERSED: 'la data iniziale non può essere dopo quella finale',
  REPORT_CUSTOM_NEEDS_DATES: 'Un periodo personalizzato richiede le date di inizio e fine',
  REPORT_CUSTOM_TOO_LONG: 'Un periodo personalizzato comprende al massimo {max} giorni',

  PASSWORD_BLANK: 'La password non può essere solo spazi',
  PASSWORD_TOO_SHORT: 'La password deve avere almeno {min} caratteri',
  PASSWORD_TOO_SHORT_TRIMMED:
    'La password deve avere almeno {min} caratteri, senza contare gli spazi all’inizio o alla fine',
  PASSWORD_IS_USERNAME: 'La password non può essere uguale al nome utente',
  PASSWORD_TOO_COMMON:
    'Questa password è tra le più comuni. Scegline una più difficile da indovinare.',
  PASSWORD_ONE_CHARACTER:
    'La password non può essere un solo carattere ripetuto. Scegline una più difficile da indovinare.',
  PASSWORD_SHORT_PATTERN:
    'La password non può essere una breve sequenza ripetuta (come "abcabcabc"). Scegline una più difficile da indovinare.',
  PASSWORD_REPEATED_WORD:
    'La password non può essere una parola comune ripetuta (come "passwordpassword"). Scegline una più difficile da indovinare.',

  PAYMENT_NOT_FOUND: 'Pagamento non trovato',
  PAYMENT_PROVIDER_UNKNOWN: 'Fornitore di pagamento sconosciuto',
  PAYMENT_PROVIDER_NO_CALLBACKS: 'Questo fornitore di pagamento non accetta notifiche',
  PAYMENT_NOT_AUTHORIZED: 'Questo pagamento non è ancora autorizzato',
  PAYMENT_NOT_CAPTURED: 'Questo pagamento non è ancora incassato',
  PAYMENT_ALREADY_CAPTURED: 'Questo pagamento è già incassato',
  PAYMENT_FAILED: 'Questo pagamento non è riuscito',
  PAYMENT_REFUNDED_IN_FULL: 'Questo pagamento è già rimborsato per intero',
  REFUND_NOT_CAPTURED: 'Si può rimborsare solo un pagamento incassato',
  PAYMENT_PROVIDER_DECLINED: '{reason}',
  STRIPE_SIGNATURE_INVALID: 'La firma Stripe di questa notifica non corrisponde',
  STRIPE_KEYS_REJECTED: 'Stripe non ha accettato questa chiave segreta: {reason}',
  REFUND_NOT_POSITIVE: 'Un rimborso è un importo positivo',
  REFUND_ABOVE_LEFT: 'Un rimborso non può restituire più di quanto resta del pagamento',

  SETUP_NOT_COMPLETE: 'Completa ogni passaggio prima di mettere via la lista',
  BACKUP_TOO_LARGE:
    'Il backup conterrebbe più di {size} di dati. Esporta invece Ordini, Utenti e Statistiche separatamente.',

  TRIAL_ENDED_FOR_GUESTS:
    'La prova gratuita di questo ristorante è terminata, quindi qui gli ordini sono sospesi. Chiedi a un membro del personale.',
  TRIAL_ENDED_FOR_STAFF:
    'La prova gratuita di questo ristorante è terminata: scegli un piano per aggiungere tavoli o account del personale.',
  PLATFORM_MAINTENANCE_FOR_GUESTS:
    'Gli ordini sono sospesi durante la manutenzione. Riprova tra qualche minuto o chiedi a un membro del personale.',
  ORDERING_PAUSED_MAINTENANCE:
    'Il ristorante è in manutenzione e gli ordini sono sospesi in questo momento. Chiedi a un membro del personale.',
  ORDERING_PAUSED_GUEST_ORDERS_OFF:
    'Gli ordini dal tavolo sono sospesi in questo momento. Chiedi a un membro del personale di prendere il tuo ordine.',
  PLAN_FEATURE_NOT_INCLUDED:
    '{feature, select, white_label {Il marchio personalizzato} other {Le integrazioni personalizzate}} non fa parte del piano {plan}{better, select, null {} other {; il piano {better} lo include}}.',
  PLAN_TABLES_LIMIT:
    'Il piano {plan} include fino a {limit} tavoli{better, select, null {} other {; il piano {better} ne permette di più ({included} inclusi, tavoli extra {extra} ciascuno)}}.',
  PLAN_STAFF_LIMIT:
    'Il piano {plan} include {limit} account del personale{better, select, null {} other {; il piano {better} ha {betterStaff, select, null {personale illimitato} other {{betterStaff} account del personale}}}}.',
  PLAN_DOWNGRADE_BLOCKED:
    'Il ristorante usa più di quanto permette il piano {plan}. Rimuovi prima: {blockers}.',
  PLAN_ALREADY_CURRENT: '{restaurant} è già sul piano {plan}',
  PLAN_SMALLER_THROUGH_TEAM:
    'Il passaggio a un piano più piccolo lo fa il team Tavola: scrivi loro da Aiuto.',
  PLAN_CHANGE_THROUGH_BILLING:
    'Un piano a pagamento parte dalla fatturazione Tavola, non da qui: usa Richiedi upgrade sulla scheda del tuo piano (o scrivi al team Tavola da Aiuto) e il team ti contatterà per impostare il pagamento e cambiare piano.',

  USERNAME_TAKEN: 'Il nome utente "{username}" è già in uso. Scegline un altro.',
  TEAM_CANNOT_DEACTIVATE_SELF: 'Non puoi disattivare il tuo account',
  TEAM_MEMBER_NOT_FOUND: 'Membro del team non trovato',
  TEAM_LAST_MEMBER:
    'L’ultimo membro attivo del team non può essere disattivato: aggiungi prima un altro membro',
  RESTAURANT_SLUG_TAKEN:
    'Un altro ristorante usa già il nome d’indirizzo "{slug}". Scegli un altro nome per il ristorante.',
  RESTAURANT_NAME_RESERVED: 'Il nome di ristorante "{name}" è riservato. Scegli un altro nome.',
  API_KEY_REQUIRED:
    'Questa operazione richiede una chiave API: inviala come Authorization: Bearer tvk_live_…',
  API_KEY_INVALID: 'La chiave API non è valida, oppure è stata revocata o è scaduta',
  API_KEY_NOT_ALLOWED_HERE: 'Una chiave API può chiamare solo l’API pubblica (/api/v1)',
  API_KEY_SCOPE_MISSING: 'La chiave API non ha l’ambito {scope}',
  API_KEY_SOURCE_NOT_ALLOWED: 'La chiave API non può essere usata da questo indirizzo',
  API_KEY_RATE_LIMITED: 'Troppe richieste con questa chiave API, riprova tra {seconds} secondi',
  API_KEY_NOT_FOUND: 'Chiave API non trovata',
  API_KEY_REVOKED: 'La chiave API è stata revocata',
  API_KEY_WRITE_ADMIN_ONLY:
    'Solo un amministratore può creare una chiave che modifica i dati; un manager può creare chiavi di sola lettura',
  API_KEY_EXPIRY_PAST: 'La scadenza deve essere nel futuro',
  WEBHOOK_NOT_FOUND: 'Endpoint webhook non trovato',
  WEBHOOK_DELIVERY_NOT_FOUND: 'Consegna webhook non trovata',
  WEBHOOK_URL_NOT_HTTPS: 'L’indirizzo di un webhook deve iniziare con https://',
  WEBHOOK_URL_NOT_PUBLIC: 'L’indirizzo di un webhook deve essere su internet pubblico',
  WEBHOOK_LIMIT_REACHED: 'Un ristorante può avere al massimo {max} endpoint webhook',
};
