// Anti-aliased coverage; mirrors Sources/StrataRender/Coverage.swift line by line.
