// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// @title Test only: a buyer or seller contract that calls back into the contract paying it.
/// @notice Armed with a call, it makes that call from every hook a token or ETH transfer runs
/// (onERC721Received, onERC1155Received, receive). `bubble` makes a failed call-back fail the
/// whole transaction; otherwise the failure is swallowed and recorded in `lastError`.
contract ReentrantReceiver {
    address public target;
    bytes public callback;
    uint256 public callbackValue;
    bool public bubble;
    uint256 public attempts;
    uint256 public successes;
    bytes public lastError;

    receive() external payable {
        _callBack();
    }

    /// @notice Makes this contract call anything (approve, createListing, buy) as itself.
    function execute(address to, uint256 value, bytes calldata data) external payable returns (bytes memory) {
        (bool ok, bytes memory result) = to.call{value: value}(data);
        if (!ok) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
        return result;
    }

    function arm(address to, bytes calldata data, uint256 value, bool bubble_) external {
        target = to;
        callback = data;
        callbackValue = value;
        bubble = bubble_;
    }

    function onERC721Received(address, address, uint256, bytes calldata) external returns (bytes4) {
        _callBack();
        return this.onERC721Received.selector;
    }

    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external returns (bytes4) {
        _callBack();
        return this.onERC1155Received.selector;
    }

    function _callBack() private {
        if (target == address(0)) return;
        address to = target;
        target = address(0); // once per arming, so a successful re-entry cannot loop
        attempts += 1;
        (bool ok, bytes memory result) = to.call{value: callbackValue}(callback);
        if (ok) {
            successes += 1;
        } else if (bubble) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        } else {
            lastError = result;
        }
    }
}
