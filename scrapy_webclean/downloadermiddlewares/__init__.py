"""Scrapy downloadermiddlewares of scrapy-webclean."""
