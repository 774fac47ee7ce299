// The text rules every layer shares (`UnknownName`, the JSON/CSV/HTML escapers) live in
// ShopfloorText, below both the board and this layer so each has one definition. Re-exported so
// this layer's files, and the CLI above it, use them without an import of their own.
@_exported import ShopfloorText
