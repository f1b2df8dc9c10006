import { dirFor, normalizeLanguage, type Language } from 'shared-contracts';

/**
 * The words of the page that removes a visitor's saved payment method (method-removal.ts), in the shop's 16
 * languages. `{card}`, `{date}` and `{method}` are filled in by the page; brand names, card digits and dates are never
 * translated. Typed as Record<Language, MethodRemovalTexts>, so a missing language or key fails the type check.
 * Machine-quality translations.
 */
export interface MethodRemovalTexts {
  /** <title> and heading of the page. */
  title: string;
  /** The question above the button. */
  ask: string;
  /** {card}: the card it renews ('…1234'). */
  renews: string;
  /** {date}: MM/YYYY. */
  expires: string;
  /** A card the provider told nothing about. */
  card: string;
  /** Below a method saved by the sandbox (test) provider. */
  sandbox: string;
  button: string;
  /** {method}: what was removed ('Visa •••• 4242', 'PayPal'). */
  done: string;
  /** The method was removed before (by this link, or in another way). */
  gone: string;
  invalidTitle: string;
  invalid: string;
}

export const METHOD_REMOVAL_TEXTS: Record<Language, MethodRemovalTexts> = {
  ar: {
    title: 'إزالة طريقة دفع محفوظة',
    ask: 'حُفظت طريقة الدفع هذه مع بريدك الإلكتروني لدفع التجديد التلقائي. هل تريد إزالتها؟ لن يُخصم منها أي مبلغ بعد الآن، وبدلًا من ذلك سيصلك رابط دفع بالبريد الإلكتروني عند التجديد.',
    renews: 'تدفع التجديد التلقائي للبطاقة {card}.',
    expires: 'تنتهي في {date}',
    card: 'بطاقة',
    sandbox: 'طريقة دفع تجريبية: لا تُخصم أي أموال حقيقية.',
    button: 'إزالة طريقة الدفع هذه',
    done: 'تم: أُزيلت {method}. لن يُخصم منها أي مبلغ بعد الآن، وبدلًا من ذلك سيصلك رابط دفع بالبريد الإلكتروني عند التجديد.',
    gone: 'طريقة الدفع هذه لم تعد محفوظة. لن يُخصم منها أي شيء.',
    invalidTitle: 'هذا الرابط لا يعمل',
    invalid: 'هذا الرابط لم يعد صالحًا. يحتوي أحدث بريد إلكتروني عن التجديد التلقائي على رابط جديد.',
  },
  de: {
    title: 'Gespeicherte Zahlungsmethode entfernen',
    ask: 'Diese Zahlungsmethode wurde mit Ihrer E-Mail-Adresse für die automatische Verlängerung gespeichert. Entfernen? Sie wird nicht mehr belastet; bei der Verlängerung erhalten Sie stattdessen einen Zahlungslink per E-Mail.',
    renews: 'Sie bezahlt die automatische Verlängerung der Karte {card}.',
    expires: 'Gültig bis {date}',
    card: 'Karte',
    sandbox: 'Test-Zahlungsmethode der Sandbox: Es wird kein echtes Geld abgebucht.',
    button: 'Diese Zahlungsmethode entfernen',
    done: 'Erledigt: {method} wurde entfernt. Sie wird nicht mehr belastet; bei der Verlängerung erhalten Sie stattdessen einen Zahlungslink per E-Mail.',
    gone: 'Diese Zahlungsmethode ist nicht mehr gespeichert. Es wird nichts darüber abgebucht.',
    invalidTitle: 'Dieser Link funktioniert nicht',
    invalid:
      'Dieser Link ist nicht mehr gültig. Die neueste E-Mail zu Ihrer automatischen Verlängerung enthält einen neuen.',
  },
  en: {
    title: 'Remove a saved payment method',
    ask: 'This payment method was saved with your e-mail address to pay for auto-renewal. Remove it? It will not be charged again; the auto-renewal will e-mail you a payment link instead.',
    renews: 'It pays the auto-renewal of card {card}.',
    expires: 'Expires {date}',
    card: 'Card',
    sandbox: 'Sandbox test payment method: no real money is taken.',
    button: 'Remove this payment method',
    done: 'Done: {method} was removed. It will not be charged again; the auto-renewal will e-mail you a payment link instead.',
    gone: 'This payment method is no longer saved. Nothing will be charged to it.',
    invalidTitle: 'This link does not work',
    invalid: 'This link is not valid any more. The latest e-mail about your auto-renewal has a new one.',
  },
  es: {
    title: 'Eliminar un método de pago guardado',
    ask: 'Este método de pago se guardó con tu correo electrónico para pagar la renovación automática. ¿Eliminarlo? No se le volverá a cobrar; la renovación te enviará en su lugar un enlace de pago por correo.',
    renews: 'Paga la renovación automática de la tarjeta {card}.',
    expires: 'Caduca {date}',
    card: 'Tarjeta',
    sandbox: 'Método de pago de prueba (sandbox): no se cobra dinero real.',
    button: 'Eliminar este método de pago',
    done: 'Hecho: {method} se ha eliminado. No se le volverá a cobrar; la renovación te enviará en su lugar un enlace de pago por correo.',
    gone: 'Este método de pago ya no está guardado. No se le cobrará nada.',
    invalidTitle: 'Este enlace no funciona',
    invalid: 'Este enlace ya no es válido. El correo más reciente sobre tu renovación automática trae uno nuevo.',
  },
  fr: {
    title: 'Supprimer un moyen de paiement enregistré',
    ask: 'Ce moyen de paiement a été enregistré avec votre adresse e-mail pour payer le renouvellement automatique. Le supprimer ? Il ne sera plus débité ; le renouvellement vous enverra plutôt un lien de paiement par e-mail.',
    renews: 'Il paie le renouvellement automatique de la carte {card}.',
    expires: 'Expiration : {date}',
    card: 'Carte',
    sandbox: "Moyen de paiement de test (sandbox) : aucun argent réel n'est prélevé.",
    button: 'Supprimer ce moyen de paiement',
    done: "C'est fait : {method} a été supprimé. Il ne sera plus débité ; le renouvellement vous enverra plutôt un lien de paiement par e-mail.",
    gone: "Ce moyen de paiement n'est plus enregistré. Rien ne sera débité dessus.",
    invalidTitle: 'Ce lien ne fonctionne pas',
    invalid:
      "Ce lien n'est plus valide. Le dernier e-mail concernant votre renouvellement automatique en contient un nouveau.",
  },
  it: {
    title: 'Rimuovi un metodo di pagamento salvato',
    ask: 'Questo metodo di pagamento è stato salvato con il tuo indirizzo e-mail per pagare il rinnovo automatico. Rimuoverlo? Non verrà più addebitato; per il rinnovo riceverai invece un link di pagamento via e-mail.',
    renews: 'Paga il rinnovo automatico della scheda {card}.',
    expires: 'Scadenza {date}',
    card: 'Carta',
    sandbox: 'Metodo di pagamento di prova (sandbox): nessun addebito reale.',
    button: 'Rimuovi questo metodo di pagamento',
    done: 'Fatto: {method} è stato rimosso. Non verrà più addebitato; per il rinnovo riceverai invece un link di pagamento via e-mail.',
    gone: 'Questo metodo di pagamento non è più salvato. Non verrà addebitato nulla.',
    invalidTitle: 'Questo link non funziona',
    invalid: "Questo link non è più valido. L'ultima e-mail sul rinnovo automatico ne contiene uno nuovo.",
  },
  ja: {
    title: '保存済みの支払い方法を削除',
    ask: 'この支払い方法は、自動更新のお支払い用にお客様のメールアドレスで保存されています。削除しますか？今後この支払い方法には請求されず、更新時には代わりに支払いリンクをメールでお送りします。',
    renews: 'カード {card} の自動更新に使われています。',
    expires: '有効期限 {date}',
    card: 'カード',
    sandbox: 'サンドボックスのテスト用支払い方法です。実際のお金は請求されません。',
    button: 'この支払い方法を削除',
    done: '完了：{method} を削除しました。今後この支払い方法には請求されず、更新時には代わりに支払いリンクをメールでお送りします。',
    gone: 'この支払い方法はすでに保存されていません。請求されることはありません。',
    invalidTitle: 'このリンクは使用できません',
    invalid: 'このリンクは無効になりました。自動更新に関する最新のメールに新しいリンクがあります。',
  },
  th: {
    title: 'ลบวิธีชำระเงินที่บันทึกไว้',
    ask: 'วิธีชำระเงินนี้ถูกบันทึกไว้กับอีเมลของคุณเพื่อชำระค่าต่ออายุอัตโนมัติ ต้องการลบหรือไม่ จะไม่มีการเรียกเก็บเงินจากวิธีนี้อีก เมื่อต่ออายุเราจะส่งลิงก์ชำระเงินทางอีเมลให้แทน',
    renews: 'ใช้ชำระค่าต่ออายุอัตโนมัติของซิม {card}',
    expires: 'หมดอายุ {date}',
    card: 'บัตร',
    sandbox: 'วิธีชำระเงินทดสอบของแซนด์บ็อกซ์: ไม่มีการเรียกเก็บเงินจริง',
    button: 'ลบวิธีชำระเงินนี้',
    done: 'เรียบร้อย: ลบ {method} แล้ว จะไม่มีการเรียกเก็บเงินจากวิธีนี้อีก เมื่อต่ออายุเราจะส่งลิงก์ชำระเงินทางอีเมลให้แทน',
    gone: 'วิธีชำระเงินนี้ไม่ได้บันทึกไว้แล้ว จะไม่มีการเรียกเก็บเงินใดๆ จากวิธีนี้',
    invalidTitle: 'ลิงก์นี้ใช้ไม่ได้',
    invalid: 'ลิงก์นี้ใช้ไม่ได้แล้ว อีเมลล่าสุดเกี่ยวกับการต่ออายุอัตโนมัติมีลิงก์ใหม่',
  },
  tr: {
    title: 'Kayıtlı ödeme yöntemini kaldır',
    ask: 'Bu ödeme yöntemi otomatik yenilemeyi ödemek için e-posta adresinizle kaydedildi. Kaldırılsın mı? Artık bu yöntemden ödeme alınmaz; yenileme için size bunun yerine e-postayla bir ödeme bağlantısı gönderilir.',
    renews: '{card} kartının otomatik yenilemesini öder.',
    expires: 'Son kullanma {date}',
    card: 'Kart',
    sandbox: 'Sandbox test ödeme yöntemi: gerçek para çekilmez.',
    button: 'Bu ödeme yöntemini kaldır',
    done: 'Tamam: {method} kaldırıldı. Artık bu yöntemden ödeme alınmaz; yenileme için size bunun yerine e-postayla bir ödeme bağlantısı gönderilir.',
    gone: 'Bu ödeme yöntemi artık kayıtlı değil. Bu yöntemden hiçbir ödeme alınmayacak.',
    invalidTitle: 'Bu bağlantı çalışmıyor',
    invalid: 'Bu bağlantı artık geçerli değil. Otomatik yenilemenizle ilgili en son e-postada yeni bir bağlantı var.',
  },
  ko: {
    title: '저장된 결제 수단 삭제',
    ask: '이 결제 수단은 자동 갱신 결제를 위해 이메일 주소와 함께 저장되었습니다. 삭제할까요? 더 이상 이 결제 수단으로 청구되지 않으며, 갱신 시 대신 결제 링크를 이메일로 보내 드립니다.',
    renews: '카드 {card}의 자동 갱신 결제에 사용됩니다.',
    expires: '만료 {date}',
    card: '카드',
    sandbox: '샌드박스 테스트 결제 수단: 실제 돈은 청구되지 않습니다.',
    button: '이 결제 수단 삭제',
    done: '완료: {method}을(를) 삭제했습니다. 더 이상 청구되지 않으며, 갱신 시 대신 결제 링크를 이메일로 보내 드립니다.',
    gone: '이 결제 수단은 더 이상 저장되어 있지 않습니다. 아무것도 청구되지 않습니다.',
    invalidTitle: '이 링크는 사용할 수 없습니다',
    invalid: '이 링크는 더 이상 유효하지 않습니다. 자동 갱신에 관한 최신 이메일에 새 링크가 있습니다.',
  },
  id: {
    title: 'Hapus metode pembayaran tersimpan',
    ask: 'Metode pembayaran ini disimpan dengan alamat email Anda untuk membayar perpanjangan otomatis. Hapus? Metode ini tidak akan ditagih lagi; saat perpanjangan, Anda akan menerima tautan pembayaran lewat email sebagai gantinya.',
    renews: 'Digunakan untuk membayar perpanjangan otomatis kartu {card}.',
    expires: 'Berlaku hingga {date}',
    card: 'Kartu',
    sandbox: 'Metode pembayaran uji coba (sandbox): tidak ada uang sungguhan yang ditagih.',
    button: 'Hapus metode pembayaran ini',
    done: 'Selesai: {method} telah dihapus. Metode ini tidak akan ditagih lagi; saat perpanjangan, Anda akan menerima tautan pembayaran lewat email sebagai gantinya.',
    gone: 'Metode pembayaran ini sudah tidak tersimpan. Tidak ada yang akan ditagih darinya.',
    invalidTitle: 'Tautan ini tidak berfungsi',
    invalid: 'Tautan ini sudah tidak berlaku. Email terbaru tentang perpanjangan otomatis Anda berisi tautan baru.',
  },
  pt: {
    title: 'Remover um método de pagamento salvo',
    ask: 'Este método de pagamento foi salvo com o seu e-mail para pagar a renovação automática. Removê-lo? Ele não será mais cobrado; a renovação enviará um link de pagamento por e-mail em vez disso.',
    renews: 'Ele paga a renovação automática do cartão {card}.',
    expires: 'Validade {date}',
    card: 'Cartão',
    sandbox: 'Método de pagamento de teste (sandbox): nenhum dinheiro real é cobrado.',
    button: 'Remover este método de pagamento',
    done: 'Pronto: {method} foi removido. Ele não será mais cobrado; a renovação enviará um link de pagamento por e-mail em vez disso.',
    gone: 'Este método de pagamento não está mais salvo. Nada será cobrado nele.',
    invalidTitle: 'Este link não funciona',
    invalid: 'Este link não é mais válido. O e-mail mais recente sobre a sua renovação automática traz um novo.',
  },
  zh: {
    title: '删除已保存的支付方式',
    ask: '此支付方式已使用您的电子邮箱保存，用于支付自动续订。要删除吗？删除后将不再从中扣款；续订时我们会改为通过电子邮件向您发送付款链接。',
    renews: '用于支付卡 {card} 的自动续订。',
    expires: '{date} 到期',
    card: '银行卡',
    sandbox: '沙盒测试支付方式：不会扣除真实款项。',
    button: '删除此支付方式',
    done: '已完成：{method} 已删除。将不再从中扣款；续订时我们会改为通过电子邮件向您发送付款链接。',
    gone: '此支付方式已不再保存，不会从中扣除任何款项。',
    invalidTitle: '此链接无法使用',
    invalid: '此链接已失效。关于自动续订的最新邮件中有新的链接。',
  },
  vi: {
    title: 'Xóa phương thức thanh toán đã lưu',
    ask: 'Phương thức thanh toán này đã được lưu cùng địa chỉ email của bạn để thanh toán gia hạn tự động. Xóa phương thức này? Phương thức sẽ không bị trừ tiền nữa; khi gia hạn, chúng tôi sẽ gửi cho bạn liên kết thanh toán qua email.',
    renews: 'Dùng để thanh toán gia hạn tự động cho thẻ {card}.',
    expires: 'Hết hạn {date}',
    card: 'Thẻ',
    sandbox: 'Phương thức thanh toán thử nghiệm (sandbox): không trừ tiền thật.',
    button: 'Xóa phương thức thanh toán này',
    done: 'Xong: đã xóa {method}. Phương thức sẽ không bị trừ tiền nữa; khi gia hạn, chúng tôi sẽ gửi cho bạn liên kết thanh toán qua email.',
    gone: 'Phương thức thanh toán này không còn được lưu. Sẽ không có khoản nào bị trừ.',
    invalidTitle: 'Liên kết này không dùng được',
    invalid: 'Liên kết này không còn hiệu lực. Email mới nhất về gia hạn tự động có liên kết mới.',
  },
  pl: {
    title: 'Usuń zapisaną metodę płatności',
    ask: 'Ta metoda płatności została zapisana z Twoim adresem e-mail do opłacania automatycznego odnawiania. Usunąć ją? Nie zostanie już obciążona; zamiast tego przy odnowieniu otrzymasz e-mailem link do płatności.',
    renews: 'Opłaca automatyczne odnawianie karty {card}.',
    expires: 'Ważna do {date}',
    card: 'Karta',
    sandbox: 'Testowa metoda płatności (sandbox): nie są pobierane prawdziwe pieniądze.',
    button: 'Usuń tę metodę płatności',
    done: 'Gotowe: usunięto {method}. Nie zostanie już obciążona; zamiast tego przy odnowieniu otrzymasz e-mailem link do płatności.',
    gone: 'Ta metoda płatności nie jest już zapisana. Nic nie zostanie z niej pobrane.',
    invalidTitle: 'Ten link nie działa',
    invalid: 'Ten link jest już nieważny. Najnowszy e-mail o automatycznym odnawianiu zawiera nowy.',
  },
  he: {
    title: 'הסרת אמצעי תשלום שמור',
    ask: 'אמצעי התשלום הזה נשמר עם כתובת הדוא"ל שלך לתשלום החידוש האוטומטי. להסיר אותו? הוא לא יחויב יותר; במקום זאת, בעת החידוש יישלח אליך קישור לתשלום בדוא"ל.',
    renews: 'הוא משלם את החידוש האוטומטי של הכרטיס {card}.',
    expires: 'בתוקף עד {date}',
    card: 'כרטיס',
    sandbox: 'אמצעי תשלום לבדיקה (Sandbox): לא נגבה כסף אמיתי.',
    button: 'הסרת אמצעי התשלום הזה',
    done: 'בוצע: {method} הוסר. הוא לא יחויב יותר; במקום זאת, בעת החידוש יישלח אליך קישור לתשלום בדוא"ל.',
    gone: 'אמצעי התשלום הזה כבר לא שמור. לא ייגבה ממנו דבר.',
    invalidTitle: 'הקישור הזה לא עובד',
    invalid: 'הקישור הזה כבר לא בתוקף. בדוא"ל האחרון על החידוש האוטומטי יש קישור חדש.',
  },
};

/** The page's language (any case, a region subtag tolerated); unknown or missing → English. */
export function methodRemovalLanguage(raw: string | null | undefined): {
  lang: Language;
  dir: 'rtl' | 'ltr';
  texts: MethodRemovalTexts;
} {
  const lang = normalizeLanguage(raw);
  return { lang, dir: dirFor(lang), texts: METHOD_REMOVAL_TEXTS[lang] };
}
