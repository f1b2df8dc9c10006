import { LANGUAGES } from 'shared-contracts';

/**
 * The alert mails', notices' and unsubscribe page's words in the 16 languages of the shop (spec section 2), by key.
 * Placeholders in {braces}. Machine-quality translations; English is the fallback.
 */
export interface AlertText {
  lowSubject: string;
  lowTitle: string;
  lowBody: string;
  expirySubject: string;
  expiryTitle: string;
  expiryBody: string;
  action: string;
  unsubscribe: string;
  pageTitle: string;
  pageAsk: string;
  pageButton: string;
  pageDone: string;
  pageInvalid: string;
}

const TEXT: Record<string, AlertText> = {
  en: {
    lowSubject: 'Card {card}: {left}% of your data left',
    lowTitle: '{left}% data left',
    lowBody: '{package} on card {card} has {remain} of {total} left.',
    expirySubject: 'Card {card}: your package ends within 24 hours',
    expiryTitle: 'Package ends within 24 hours',
    expiryBody: '{package} on card {card} ends on {date}.',
    action: 'Top up or renew in one tap: {link}',
    unsubscribe: 'No more alert e-mails for this card: {link}',
    pageTitle: 'Alert e-mails for card {card}',
    pageAsk: 'Stop the low-data and expiry e-mails for this card?',
    pageButton: 'Stop alert e-mails',
    pageDone: 'Done: no more alert e-mails for card {card}. You can switch them on again in the card settings.',
    pageInvalid: 'This link is not valid any more.',
  },
  de: {
    lowSubject: 'Karte {card}: noch {left} % Datenvolumen',
    lowTitle: 'Noch {left} % Daten',
    lowBody: '{package} auf Karte {card}: noch {remain} von {total} übrig.',
    expirySubject: 'Karte {card}: Ihr Paket endet in weniger als 24 Stunden',
    expiryTitle: 'Paket endet in 24 Stunden',
    expiryBody: '{package} auf Karte {card} endet am {date}.',
    action: 'Mit einem Tipp aufladen oder verlängern: {link}',
    unsubscribe: 'Keine Hinweis-E-Mails mehr für diese Karte: {link}',
    pageTitle: 'Hinweis-E-Mails für Karte {card}',
    pageAsk: 'E-Mails zu wenig Daten und Ablauf für diese Karte abbestellen?',
    pageButton: 'Hinweis-E-Mails abbestellen',
    pageDone:
      'Erledigt: keine Hinweis-E-Mails mehr für Karte {card}. In den Karteneinstellungen können Sie sie wieder einschalten.',
    pageInvalid: 'Dieser Link ist nicht mehr gültig.',
  },
  fr: {
    lowSubject: 'Carte {card} : il vous reste {left} % de données',
    lowTitle: 'Il reste {left} % de données',
    lowBody: '{package} sur la carte {card} : il reste {remain} sur {total}.',
    expirySubject: 'Carte {card} : votre forfait se termine dans moins de 24 heures',
    expiryTitle: 'Forfait terminé dans 24 heures',
    expiryBody: '{package} sur la carte {card} se termine le {date}.',
    action: 'Recharger ou renouveler en un geste : {link}',
    unsubscribe: "Ne plus recevoir d'alertes pour cette carte : {link}",
    pageTitle: 'E-mails d’alerte de la carte {card}',
    pageAsk: 'Arrêter les e-mails de données faibles et d’expiration pour cette carte ?',
    pageButton: 'Arrêter les e-mails d’alerte',
    pageDone:
      'C’est fait : plus d’e-mails d’alerte pour la carte {card}. Vous pouvez les réactiver dans les réglages de la carte.',
    pageInvalid: 'Ce lien n’est plus valide.',
  },
  es: {
    lowSubject: 'Tarjeta {card}: te queda el {left} % de tus datos',
    lowTitle: 'Queda el {left} % de datos',
    lowBody: '{package} en la tarjeta {card}: quedan {remain} de {total}.',
    expirySubject: 'Tarjeta {card}: tu paquete termina en menos de 24 horas',
    expiryTitle: 'El paquete termina en 24 horas',
    expiryBody: '{package} en la tarjeta {card} termina el {date}.',
    action: 'Recarga o renueva con un toque: {link}',
    unsubscribe: 'No recibir más avisos de esta tarjeta: {link}',
    pageTitle: 'Correos de aviso de la tarjeta {card}',
    pageAsk: '¿Dejar de recibir avisos de pocos datos y de caducidad de esta tarjeta?',
    pageButton: 'Dejar de recibir avisos',
    pageDone:
      'Listo: no recibirás más avisos de la tarjeta {card}. Puedes activarlos de nuevo en los ajustes de la tarjeta.',
    pageInvalid: 'Este enlace ya no es válido.',
  },
  it: {
    lowSubject: 'Scheda {card}: ti resta il {left}% dei dati',
    lowTitle: 'Resta il {left}% dei dati',
    lowBody: '{package} sulla scheda {card}: restano {remain} su {total}.',
    expirySubject: 'Scheda {card}: il tuo pacchetto termina entro 24 ore',
    expiryTitle: 'Il pacchetto termina entro 24 ore',
    expiryBody: '{package} sulla scheda {card} termina il {date}.',
    action: 'Ricarica o rinnova con un tocco: {link}',
    unsubscribe: 'Nessun altro avviso per questa scheda: {link}',
    pageTitle: 'E-mail di avviso per la scheda {card}',
    pageAsk: 'Interrompere le e-mail su dati in esaurimento e scadenza per questa scheda?',
    pageButton: 'Interrompi le e-mail di avviso',
    pageDone:
      'Fatto: nessun’altra e-mail di avviso per la scheda {card}. Puoi riattivarle nelle impostazioni della scheda.',
    pageInvalid: 'Questo link non è più valido.',
  },
  pt: {
    lowSubject: 'Cartão {card}: restam {left}% dos seus dados',
    lowTitle: 'Restam {left}% dos dados',
    lowBody: '{package} no cartão {card}: restam {remain} de {total}.',
    expirySubject: 'Cartão {card}: o seu pacote termina em menos de 24 horas',
    expiryTitle: 'O pacote termina em 24 horas',
    expiryBody: '{package} no cartão {card} termina em {date}.',
    action: 'Recarregue ou renove com um toque: {link}',
    unsubscribe: 'Não receber mais alertas deste cartão: {link}',
    pageTitle: 'E-mails de alerta do cartão {card}',
    pageAsk: 'Parar os e-mails de poucos dados e de validade deste cartão?',
    pageButton: 'Parar e-mails de alerta',
    pageDone: 'Feito: não receberá mais e-mails de alerta do cartão {card}. Pode reativá-los nas definições do cartão.',
    pageInvalid: 'Este link já não é válido.',
  },
  pl: {
    lowSubject: 'Karta {card}: zostało {left}% danych',
    lowTitle: 'Zostało {left}% danych',
    lowBody: '{package} na karcie {card}: zostało {remain} z {total}.',
    expirySubject: 'Karta {card}: pakiet kończy się w ciągu 24 godzin',
    expiryTitle: 'Pakiet kończy się w ciągu 24 godzin',
    expiryBody: '{package} na karcie {card} kończy się {date}.',
    action: 'Doładuj lub odnów jednym dotknięciem: {link}',
    unsubscribe: 'Nie wysyłaj więcej alertów dla tej karty: {link}',
    pageTitle: 'E-maile z alertami dla karty {card}',
    pageAsk: 'Wyłączyć e-maile o kończących się danych i ważności dla tej karty?',
    pageButton: 'Wyłącz e-maile z alertami',
    pageDone: 'Gotowe: nie będzie więcej e-maili z alertami dla karty {card}. Możesz je włączyć w ustawieniach karty.',
    pageInvalid: 'Ten link jest już nieważny.',
  },
  tr: {
    lowSubject: 'Kart {card}: verinizin %{left} kadarı kaldı',
    lowTitle: 'Verinin %{left} kadarı kaldı',
    lowBody: '{card} kartındaki {package}: {total} verinin {remain} kadarı kaldı.',
    expirySubject: 'Kart {card}: paketiniz 24 saatten kısa sürede bitiyor',
    expiryTitle: 'Paket 24 saat içinde bitiyor',
    expiryBody: '{card} kartındaki {package} {date} tarihinde bitiyor.',
    action: 'Tek dokunuşla yükleyin veya yenileyin: {link}',
    unsubscribe: 'Bu kart için artık uyarı e-postası gönderme: {link}',
    pageTitle: '{card} kartı için uyarı e-postaları',
    pageAsk: 'Bu kart için az veri ve süre sonu e-postaları durdurulsun mu?',
    pageButton: 'Uyarı e-postalarını durdur',
    pageDone: 'Tamam: {card} kartı için artık uyarı e-postası yok. Kart ayarlarından yeniden açabilirsiniz.',
    pageInvalid: 'Bu bağlantı artık geçerli değil.',
  },
  ar: {
    lowSubject: 'البطاقة {card}: تبقى {left}% من بياناتك',
    lowTitle: 'تبقى {left}% من البيانات',
    lowBody: '{package} على البطاقة {card}: تبقى {remain} من {total}.',
    expirySubject: 'البطاقة {card}: تنتهي باقتك خلال أقل من 24 ساعة',
    expiryTitle: 'تنتهي الباقة خلال 24 ساعة',
    expiryBody: 'تنتهي {package} على البطاقة {card} في {date}.',
    action: 'اشحن أو جدّد بلمسة واحدة: {link}',
    unsubscribe: 'إيقاف رسائل التنبيه لهذه البطاقة: {link}',
    pageTitle: 'رسائل التنبيه للبطاقة {card}',
    pageAsk: 'هل تريد إيقاف رسائل انخفاض البيانات وانتهاء الصلاحية لهذه البطاقة؟',
    pageButton: 'إيقاف رسائل التنبيه',
    pageDone: 'تم: لن تصلك رسائل تنبيه أخرى للبطاقة {card}. يمكنك تفعيلها مجددًا من إعدادات البطاقة.',
    pageInvalid: 'هذا الرابط لم يعد صالحًا.',
  },
  he: {
    lowSubject: 'כרטיס {card}: נותרו {left}% מהנתונים',
    lowTitle: 'נותרו {left}% נתונים',
    lowBody: '{package} בכרטיס {card}: נותרו {remain} מתוך {total}.',
    expirySubject: 'כרטיס {card}: החבילה מסתיימת בתוך פחות מ-24 שעות',
    expiryTitle: 'החבילה מסתיימת בתוך 24 שעות',
    expiryBody: '{package} בכרטיס {card} מסתיימת ב-{date}.',
    action: 'טעינה או חידוש בנגיעה אחת: {link}',
    unsubscribe: 'בלי הודעות התראה נוספות לכרטיס זה: {link}',
    pageTitle: 'הודעות התראה לכרטיס {card}',
    pageAsk: 'להפסיק את הודעות הנתונים הנמוכים והתפוגה לכרטיס זה?',
    pageButton: 'הפסקת הודעות התראה',
    pageDone: 'בוצע: לא יישלחו עוד הודעות התראה לכרטיס {card}. אפשר להפעיל אותן שוב בהגדרות הכרטיס.',
    pageInvalid: 'הקישור הזה כבר לא בתוקף.',
  },
  ja: {
    lowSubject: 'カード {card}：データ残量が {left}% になりました',
    lowTitle: 'データ残り {left}%',
    lowBody: 'カード {card} の {package}：{total} のうち残り {remain} です。',
    expirySubject: 'カード {card}：パッケージの期限まで24時間を切りました',
    expiryTitle: 'パッケージは24時間以内に終了します',
    expiryBody: 'カード {card} の {package} は {date} に終了します。',
    action: 'ワンタップでチャージ・更新：{link}',
    unsubscribe: 'このカードの通知メールを停止：{link}',
    pageTitle: 'カード {card} の通知メール',
    pageAsk: 'このカードのデータ残量と期限の通知メールを停止しますか？',
    pageButton: '通知メールを停止',
    pageDone: '完了：カード {card} の通知メールは送信されません。カード設定から再度オンにできます。',
    pageInvalid: 'このリンクは無効になりました。',
  },
  ko: {
    lowSubject: '카드 {card}: 데이터가 {left}% 남았습니다',
    lowTitle: '데이터 {left}% 남음',
    lowBody: '카드 {card}의 {package}: {total} 중 {remain} 남았습니다.',
    expirySubject: '카드 {card}: 패키지가 24시간 이내에 종료됩니다',
    expiryTitle: '패키지가 24시간 이내 종료',
    expiryBody: '카드 {card}의 {package}이(가) {date}에 종료됩니다.',
    action: '한 번의 탭으로 충전 또는 갱신: {link}',
    unsubscribe: '이 카드의 알림 메일 받지 않기: {link}',
    pageTitle: '카드 {card} 알림 메일',
    pageAsk: '이 카드의 데이터 부족 및 만료 알림 메일을 중지할까요?',
    pageButton: '알림 메일 중지',
    pageDone: '완료: 카드 {card}의 알림 메일을 더 이상 보내지 않습니다. 카드 설정에서 다시 켤 수 있습니다.',
    pageInvalid: '이 링크는 더 이상 유효하지 않습니다.',
  },
  zh: {
    lowSubject: '卡 {card}：数据仅剩 {left}%',
    lowTitle: '数据剩余 {left}%',
    lowBody: '卡 {card} 上的 {package}：{total} 中剩余 {remain}。',
    expirySubject: '卡 {card}：您的套餐将在 24 小时内到期',
    expiryTitle: '套餐将在 24 小时内到期',
    expiryBody: '卡 {card} 上的 {package} 将于 {date} 到期。',
    action: '一键充值或续订：{link}',
    unsubscribe: '不再接收此卡的提醒邮件：{link}',
    pageTitle: '卡 {card} 的提醒邮件',
    pageAsk: '停止此卡的流量不足和到期提醒邮件？',
    pageButton: '停止提醒邮件',
    pageDone: '已完成：不再发送卡 {card} 的提醒邮件。您可以在卡设置中重新开启。',
    pageInvalid: '此链接已失效。',
  },
  th: {
    lowSubject: 'ซิม {card}: ข้อมูลเหลือ {left}%',
    lowTitle: 'ข้อมูลเหลือ {left}%',
    lowBody: '{package} บนซิม {card}: เหลือ {remain} จาก {total}',
    expirySubject: 'ซิม {card}: แพ็กเกจจะหมดอายุภายใน 24 ชั่วโมง',
    expiryTitle: 'แพ็กเกจหมดอายุภายใน 24 ชั่วโมง',
    expiryBody: '{package} บนซิม {card} จะหมดอายุวันที่ {date}',
    action: 'เติมเงินหรือต่ออายุในแตะเดียว: {link}',
    unsubscribe: 'หยุดอีเมลแจ้งเตือนของซิมนี้: {link}',
    pageTitle: 'อีเมลแจ้งเตือนของซิม {card}',
    pageAsk: 'หยุดอีเมลแจ้งเตือนข้อมูลใกล้หมดและวันหมดอายุของซิมนี้หรือไม่',
    pageButton: 'หยุดอีเมลแจ้งเตือน',
    pageDone: 'เรียบร้อย: จะไม่มีอีเมลแจ้งเตือนของซิม {card} อีก เปิดใหม่ได้ในการตั้งค่าซิม',
    pageInvalid: 'ลิงก์นี้ใช้ไม่ได้แล้ว',
  },
  vi: {
    lowSubject: 'Thẻ {card}: còn {left}% dữ liệu',
    lowTitle: 'Còn {left}% dữ liệu',
    lowBody: '{package} trên thẻ {card}: còn {remain} trên {total}.',
    expirySubject: 'Thẻ {card}: gói của bạn kết thúc trong vòng 24 giờ',
    expiryTitle: 'Gói kết thúc trong 24 giờ',
    expiryBody: '{package} trên thẻ {card} kết thúc vào {date}.',
    action: 'Nạp hoặc gia hạn chỉ với một chạm: {link}',
    unsubscribe: 'Không nhận thêm email cảnh báo cho thẻ này: {link}',
    pageTitle: 'Email cảnh báo của thẻ {card}',
    pageAsk: 'Dừng email cảnh báo sắp hết dữ liệu và hết hạn cho thẻ này?',
    pageButton: 'Dừng email cảnh báo',
    pageDone: 'Xong: không còn email cảnh báo cho thẻ {card}. Bạn có thể bật lại trong cài đặt thẻ.',
    pageInvalid: 'Liên kết này không còn hiệu lực.',
  },
  id: {
    lowSubject: 'Kartu {card}: data Anda tersisa {left}%',
    lowTitle: 'Data tersisa {left}%',
    lowBody: '{package} di kartu {card}: tersisa {remain} dari {total}.',
    expirySubject: 'Kartu {card}: paket Anda berakhir dalam 24 jam',
    expiryTitle: 'Paket berakhir dalam 24 jam',
    expiryBody: '{package} di kartu {card} berakhir pada {date}.',
    action: 'Isi ulang atau perpanjang dengan sekali ketuk: {link}',
    unsubscribe: 'Jangan kirim email peringatan lagi untuk kartu ini: {link}',
    pageTitle: 'Email peringatan untuk kartu {card}',
    pageAsk: 'Hentikan email data hampir habis dan masa berlaku untuk kartu ini?',
    pageButton: 'Hentikan email peringatan',
    pageDone:
      'Selesai: tidak ada lagi email peringatan untuk kartu {card}. Anda dapat menyalakannya lagi di pengaturan kartu.',
    pageInvalid: 'Tautan ini sudah tidak berlaku.',
  },
};

/** The words of a language (English for any other). */
export function alertText(lang: string | null | undefined): AlertText {
  const code = lang && LANGUAGES.some((language) => language.code === lang) ? lang : 'en';
  return TEXT[code] ?? (TEXT.en as AlertText);
}

/** Puts values into a text's {placeholders}. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** Every language has every text (checked by a test). */
export const ALERT_LANGUAGES = Object.keys(TEXT);
