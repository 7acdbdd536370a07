/**
 * The body parameters of the `report_opt_in` template (WHATSAPP_OPT_IN_TEMPLATE_NAME),
 * registered in WhatsApp Manager (category Utility) as:
 * "{{1}} would like to send you its daily ShelfSnap stock report here. If you agree, give them
 * this code: {{2}} (or reply to this message). If you do not know them, ignore this message."
 * with a quick-reply button "Yes, send me reports".
 */
export const optInTemplateParams = (shopName: string, code: string) => [shopName, code]
