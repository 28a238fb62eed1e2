"""The language server of rule packs (`cardtable lsp`): diagnostics, completion, hover,
go-to-definition, symbols and quick fixes for pack, card and scenario files, from the
same registry, grammar and checks as `cardtable validate`. Needs the `lsp` extra
(pygls)."""
