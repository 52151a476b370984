"""Scrapy spidermiddlewares of scrapy-webclean."""
