-- mtgc's language server in Neovim's built-in client, from Neovim 0.7
-- (Debian's) to current releases: .mtg files, and conformance scripts
-- (.txtar files whose first line is "# rules:"), attach to one `mtgc lsp`
-- per project root (the directory holding go.mod or .git).
vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
  pattern = "*.mtg",
  callback = function(args) vim.bo[args.buf].filetype = "mtg" end,
})
vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
  pattern = "*.txtar",
  callback = function(args)
    local first = vim.api.nvim_buf_get_lines(args.buf, 0, 1, false)[1] or ""
    if first:match("^# rules:") then vim.bo[args.buf].filetype = "mtgscript" end
  end,
})

local clients = {} -- Neovim 0.7: one client per root
vim.api.nvim_create_autocmd("FileType", {
  pattern = { "mtg", "mtgscript" },
  callback = function(args)
    local file = vim.api.nvim_buf_get_name(args.buf)
    local dir = vim.fn.fnamemodify(file, ":p:h")
    local marker = vim.fn.findfile("go.mod", dir .. ";")
    if marker == "" then marker = vim.fn.finddir(".git", dir .. ";") end
    local root = marker ~= "" and vim.fn.fnamemodify(marker, ":p:h") or dir
    root = root:gsub("/%.git/?$", "")
    local config = { name = "mtgc", cmd = { "mtgc", "lsp" }, root_dir = root }
    if vim.lsp.start then -- Neovim 0.8 and later
      vim.lsp.start(config, { bufnr = args.buf })
    else
      clients[root] = clients[root] or vim.lsp.start_client(config)
      vim.lsp.buf_attach_client(args.buf, clients[root])
    end
  end,
})
