"""Settings of the example news crawl: Scrapy's project template plus one add-on line."""

BOT_NAME = "example_project"
SPIDER_MODULES = ["example_project.spiders"]
NEWSPIDER_MODULE = "example_project.spiders"

ADDONS = {"scrapy_webclean.Addon": 100}

# What the feed gets for each article (see the README for every WEBCLEAN_* setting).
WEBCLEAN_FIELDS = ["title", "date", "author", "text", "extractor", "page_type"]
# Each tagged page comes with its links (response.meta["webclean_links"]),
# from the parse its worker made: the news spider need not parse it again.
WEBCLEAN_LINKS = True

# Polite defaults of Scrapy's project template, for -a start_urls=... crawls
# of real sites (the spider lifts the delay for the bundled local sample).
ROBOTSTXT_OBEY = True
CONCURRENT_REQUESTS_PER_DOMAIN = 4
DOWNLOAD_DELAY = 1
FEED_EXPORT_ENCODING = "utf-8"
