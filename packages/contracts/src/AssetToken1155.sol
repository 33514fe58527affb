// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {Compliance} from "./Compliance.sol";
import {CompliantToken} from "./CompliantToken.sol";
import {IERC7943MultiToken} from "./IERC7943.sol";

/// @title An issuer's multi-token contract holding one fungible asset (id TOKEN_ID), transferable
/// only as its Compliance rules allow.
/// @notice The whole supply is minted once, to the issuer's treasury; nobody can mint more.
/// ERC-7943: the issuer and the platform freeze amounts, force transfers and recover wallets.
contract AssetToken1155 is ERC1155, CompliantToken, IERC7943MultiToken {
    uint256 public constant TOKEN_ID = 1;

    error ZeroSupply();
    error UnknownTokenId(uint256 tokenId);

    string public name;
    string public symbol;
    uint256 public immutable totalSupply;
    mapping(address account => uint256) private _frozen;

    constructor(
        string memory name_,
        string memory symbol_,
        uint256 supply,
        address treasury,
        string memory uri_,
        Compliance compliance_
    ) ERC1155(uri_) CompliantToken(compliance_, treasury) {
        if (supply == 0) revert ZeroSupply();
        name = name_;
        symbol = symbol_;
        totalSupply = supply;
        _mint(treasury, TOKEN_ID, supply, "");
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC1155, IERC165) returns (bool) {
        return interfaceId == type(IERC7943MultiToken).interfaceId || super.supportsInterface(interfaceId);
    }

    function holdingOf(address account) external view returns (uint256 balance, uint256 frozen) {
        return (balanceOf(account, TOKEN_ID), _frozen[account]);
    }

    function canTransact(address account) external view returns (bool) {
        return _canTransact(account);
    }

    function canTransfer(address from, address to, uint256 tokenId, uint256 amount) external view returns (bool) {
        return tokenId == TOKEN_ID && amount <= balanceOf(from, TOKEN_ID)
            && compliance.check(address(this), from, to, amount) == 0;
    }

    function getFrozenTokens(address account, uint256 tokenId) external view returns (uint256) {
        return tokenId == TOKEN_ID ? _frozen[account] : 0;
    }

    function setFrozenTokens(address account, uint256 tokenId, uint256 amount) external onlyAdmin returns (bool) {
        _onlyTokenId(tokenId);
        _frozen[account] = amount;
        emit Frozen(account, TOKEN_ID, amount);
        return true;
    }

    /// @notice Moves `amount` from `from` to `to` whatever the rules; `to` must be allowed to hold.
    /// Unfrozen tokens go first; if frozen ones must go too, the frozen amount drops to what is left.
    function forcedTransfer(address from, address to, uint256 tokenId, uint256 amount)
        external
        onlyAdmin
        returns (bool)
    {
        _onlyTokenId(tokenId);
        if (!_canTransact(to)) revert ERC7943CannotTransact(to);
        uint256 frozen = _frozen[from];
        uint256 left = _frozenAfterForced(balanceOf(from, TOKEN_ID), frozen, amount);
        if (left != frozen) {
            _frozen[from] = left;
            emit Frozen(from, TOKEN_ID, left);
        }
        _move(FORCED, from, to, amount);
        emit ForcedTransfer(from, to, TOKEN_ID, amount);
        return true;
    }

    /// @notice Moves a lost wallet's whole balance, frozen amount and lock-up to another wallet of
    /// the same identity in the registry.
    function recoverWallet(address lost, address replacement) external onlyAdmin returns (bool) {
        _requireSameIdentity(lost, replacement);
        uint256 amount = balanceOf(lost, TOKEN_ID);
        _move(RECOVERY, lost, replacement, amount);
        uint256 frozen = _frozen[lost];
        if (frozen > 0) {
            delete _frozen[lost];
            emit Frozen(lost, TOKEN_ID, 0);
            _frozen[replacement] += frozen;
            emit Frozen(replacement, TOKEN_ID, _frozen[replacement]);
        }
        compliance.recovered(lost, replacement, amount);
        emit ForcedTransfer(lost, replacement, TOKEN_ID, amount);
        return true;
    }

    /// @dev A move past the rules, without the receiver hook (see CompliantToken).
    function _move(uint8 mode, address from, address to, uint256 amount) private {
        if (from == address(0)) revert ERC1155InvalidSender(address(0));
        if (to == address(0)) revert ERC1155InvalidReceiver(address(0));
        uint256[] memory ids = new uint256[](1);
        uint256[] memory values = new uint256[](1);
        ids[0] = TOKEN_ID;
        values[0] = amount;
        _mode = mode;
        _update(from, to, ids, values);
        _mode = ORDINARY;
    }

    function _onlyTokenId(uint256 tokenId) private pure {
        if (tokenId != TOKEN_ID) revert UnknownTokenId(tokenId);
    }

    /// @dev A batch is checked and counted as one move of its total: only TOKEN_ID has a balance, and
    /// checking each entry alone would let a batch of [10, 10] pass a maximum of 10.
    function _update(address from, address to, uint256[] memory ids, uint256[] memory values) internal override {
        uint256 total = 0;
        for (uint256 i = 0; i < values.length; ++i) total += values[i];
        _checkMove(from, to, total);
        super._update(from, to, ids, values);
        _reportMove(from, to, total);
    }
}
