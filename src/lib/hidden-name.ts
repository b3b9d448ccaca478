/** What a supplier with an unpublished name is called (search, its page, the buyer's inquiries). */
export const HIDDEN_NAME = "企業名非公開";
